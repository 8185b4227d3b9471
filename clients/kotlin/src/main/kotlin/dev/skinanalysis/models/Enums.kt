// The open enums of docs/openapi.json; OpenApiConformanceTest fails when a value list here and the document differ.
package dev.skinanalysis.models

import kotlinx.serialization.Serializable

/** A skin marker the service measures. */
@Serializable(with = MarkerName.Serializer::class)
public class MarkerName private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<MarkerName>("dev.skinanalysis.MarkerName", ::MarkerName) {
        @JvmField public val ACNE: MarkerName = declare("acne")
        @JvmField public val PIGMENTATION: MarkerName = declare("pigmentation")
        @JvmField public val HYDRATION: MarkerName = declare("hydration")
        @JvmField public val REDNESS: MarkerName = declare("redness")
        @JvmField public val WRINKLES: MarkerName = declare("wrinkles")
        @JvmField public val PORES: MarkerName = declare("pores")
        @JvmField public val OILINESS: MarkerName = declare("oiliness")
        @JvmField public val DARK_CIRCLES: MarkerName = declare("dark_circles")
        @JvmField public val TEXTURE: MarkerName = declare("texture")
        @JvmField public val EYE_BAGS: MarkerName = declare("eye_bags")
        @JvmField public val UNIFORMNESS: MarkerName = declare("uniformness")
        @JvmField public val RADIANCE: MarkerName = declare("radiance")
        @JvmField public val AGE_SPOTS: MarkerName = declare("age_spots")
        @JvmField public val BLACKHEADS: MarkerName = declare("blackheads")
    }

    internal object Serializer : OpenEnum.Serializer<MarkerName>(Companion)
}

/** A marker's severity band: `low` 70–100, `moderate` 40–69, `high` 0–39. */
@Serializable(with = Severity.Serializer::class)
public class Severity private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<Severity>("dev.skinanalysis.Severity", ::Severity) {
        @JvmField public val LOW: Severity = declare("low")
        @JvmField public val MODERATE: Severity = declare("moderate")
        @JvmField public val HIGH: Severity = declare("high")
    }

    internal object Serializer : OpenEnum.Serializer<Severity>(Companion)
}

/** A face region a marker is measured in. */
@Serializable(with = FaceRegion.Serializer::class)
public class FaceRegion private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<FaceRegion>("dev.skinanalysis.FaceRegion", ::FaceRegion) {
        @JvmField public val FOREHEAD: FaceRegion = declare("forehead")
        @JvmField public val NOSE: FaceRegion = declare("nose")
        @JvmField public val LEFT_CHEEK: FaceRegion = declare("left_cheek")
        @JvmField public val RIGHT_CHEEK: FaceRegion = declare("right_cheek")
        @JvmField public val CHIN: FaceRegion = declare("chin")
        @JvmField public val UNDER_EYE_LEFT: FaceRegion = declare("under_eye_left")
        @JvmField public val UNDER_EYE_RIGHT: FaceRegion = declare("under_eye_right")
        @JvmField public val CROWS_FEET_LEFT: FaceRegion = declare("crows_feet_left")
        @JvmField public val CROWS_FEET_RIGHT: FaceRegion = declare("crows_feet_right")
        @JvmField public val T_ZONE: FaceRegion = declare("t_zone")
    }

    internal object Serializer : OpenEnum.Serializer<FaceRegion>(Companion)
}

/** Where a user's score is heading over 30 days. */
@Serializable(with = TrendDirection.Serializer::class)
public class TrendDirection private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<TrendDirection>("dev.skinanalysis.TrendDirection", ::TrendDirection) {
        @JvmField public val IMPROVING: TrendDirection = declare("improving")
        @JvmField public val STABLE: TrendDirection = declare("stable")
        @JvmField public val WORSENING: TrendDirection = declare("worsening")
    }

    internal object Serializer : OpenEnum.Serializer<TrendDirection>(Companion)
}

/** How an ingredient as written was matched to the knowledge base. */
@Serializable(with = IngredientMatchType.Serializer::class)
public class IngredientMatchType private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<IngredientMatchType>("dev.skinanalysis.IngredientMatchType", ::IngredientMatchType) {
        @JvmField public val EXACT: IngredientMatchType = declare("exact")
        @JvmField public val SYNONYM: IngredientMatchType = declare("synonym")
        @JvmField public val FUZZY: IngredientMatchType = declare("fuzzy")
        @JvmField public val UNKNOWN: IngredientMatchType = declare("unknown")
    }

    internal object Serializer : OpenEnum.Serializer<IngredientMatchType>(Companion)
}

/** A flag raised on an ingredient. */
@Serializable(with = IngredientFlag.Serializer::class)
public class IngredientFlag private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<IngredientFlag>("dev.skinanalysis.IngredientFlag", ::IngredientFlag) {
        @JvmField public val EU_FRAGRANCE_ALLERGEN: IngredientFlag = declare("eu_fragrance_allergen")
        @JvmField public val DRYING_ALCOHOL: IngredientFlag = declare("drying_alcohol")
        @JvmField public val ESSENTIAL_OIL: IngredientFlag = declare("essential_oil")
        @JvmField public val FUNGAL_ACNE_TRIGGER: IngredientFlag = declare("fungal_acne_trigger")
        @JvmField public val PREGNANCY_CAUTION: IngredientFlag = declare("pregnancy_caution")
        @JvmField public val EU_BANNED: IngredientFlag = declare("eu_banned")
        @JvmField public val EU_RESTRICTED: IngredientFlag = declare("eu_restricted")
    }

    internal object Serializer : OpenEnum.Serializer<IngredientFlag>(Companion)
}

/** A class of active ingredient. */
@Serializable(with = ActiveClass.Serializer::class)
public class ActiveClass private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ActiveClass>("dev.skinanalysis.ActiveClass", ::ActiveClass) {
        @JvmField public val RETINOID: ActiveClass = declare("retinoid")
        @JvmField public val AHA: ActiveClass = declare("aha")
        @JvmField public val BHA: ActiveClass = declare("bha")
        @JvmField public val PHA: ActiveClass = declare("pha")
        @JvmField public val BENZOYL_PEROXIDE: ActiveClass = declare("benzoyl_peroxide")
        @JvmField public val VITAMIN_C_L_ASCORBIC: ActiveClass = declare("vitamin_c_l_ascorbic")
        @JvmField public val VITAMIN_C_DERIVATIVE: ActiveClass = declare("vitamin_c_derivative")
        @JvmField public val NIACINAMIDE: ActiveClass = declare("niacinamide")
        @JvmField public val AZELAIC_ACID: ActiveClass = declare("azelaic_acid")
        @JvmField public val TRANEXAMIC_ACID: ActiveClass = declare("tranexamic_acid")
        @JvmField public val HYDROQUINONE: ActiveClass = declare("hydroquinone")
        @JvmField public val KOJIC_ACID: ActiveClass = declare("kojic_acid")
        @JvmField public val ARBUTIN: ActiveClass = declare("arbutin")
        @JvmField public val SULFUR: ActiveClass = declare("sulfur")
        @JvmField public val PEPTIDE: ActiveClass = declare("peptide")
        @JvmField public val TOPICAL_ANTIBIOTIC: ActiveClass = declare("topical_antibiotic")
    }

    internal object Serializer : OpenEnum.Serializer<ActiveClass>(Companion)
}

/** How strongly two ingredients should not be combined. */
@Serializable(with = ConflictSeverity.Serializer::class)
public class ConflictSeverity private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ConflictSeverity>("dev.skinanalysis.ConflictSeverity", ::ConflictSeverity) {
        @JvmField public val AVOID: ConflictSeverity = declare("avoid")
        @JvmField public val CAUTION: ConflictSeverity = declare("caution")
    }

    internal object Serializer : OpenEnum.Serializer<ConflictSeverity>(Companion)
}

/** The strength of the evidence behind a conflict. */
@Serializable(with = Evidence.Serializer::class)
public class Evidence private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<Evidence>("dev.skinanalysis.Evidence", ::Evidence) {
        @JvmField public val STRONG: Evidence = declare("strong")
        @JvmField public val MODERATE: Evidence = declare("moderate")
        @JvmField public val WEAK: Evidence = declare("weak")
        @JvmField public val EXTRAPOLATED: Evidence = declare("extrapolated")
    }

    internal object Serializer : OpenEnum.Serializer<Evidence>(Companion)
}

/** A product's suitability for one marker. */
@Serializable(with = Verdict.Serializer::class)
public class Verdict private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<Verdict>("dev.skinanalysis.Verdict", ::Verdict) {
        @JvmField public val HELPS: Verdict = declare("helps")
        @JvmField public val MAY_WORSEN: Verdict = declare("may_worsen")
        @JvmField public val MIXED: Verdict = declare("mixed")
        @JvmField public val NEUTRAL: Verdict = declare("neutral")
    }

    internal object Serializer : OpenEnum.Serializer<Verdict>(Companion)
}

/** A free-of tag of an ingredient list. */
@Serializable(with = FreeOf.Serializer::class)
public class FreeOf private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<FreeOf>("dev.skinanalysis.FreeOf", ::FreeOf) {
        @JvmField public val FRAGRANCE: FreeOf = declare("fragrance")
        @JvmField public val ALCOHOL: FreeOf = declare("alcohol")
        @JvmField public val SILICONE: FreeOf = declare("silicone")
        @JvmField public val SULFATE: FreeOf = declare("sulfate")
        @JvmField public val PARABEN: FreeOf = declare("paraben")
        @JvmField public val ESSENTIAL_OILS: FreeOf = declare("essential_oils")
    }

    internal object Serializer : OpenEnum.Serializer<FreeOf>(Companion)
}

/** The kind of a routine step. */
@Serializable(with = RoutineStepKind.Serializer::class)
public class RoutineStepKind private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<RoutineStepKind>("dev.skinanalysis.RoutineStepKind", ::RoutineStepKind) {
        @JvmField public val CLEANSE: RoutineStepKind = declare("cleanse")
        @JvmField public val TONE: RoutineStepKind = declare("tone")
        @JvmField public val TREAT: RoutineStepKind = declare("treat")
        @JvmField public val MOISTURISE: RoutineStepKind = declare("moisturise")
        @JvmField public val PROTECT: RoutineStepKind = declare("protect")
        @JvmField public val EXFOLIATE: RoutineStepKind = declare("exfoliate")
        @JvmField public val MASK: RoutineStepKind = declare("mask")
        @JvmField public val EYE_CARE: RoutineStepKind = declare("eye_care")
    }

    internal object Serializer : OpenEnum.Serializer<RoutineStepKind>(Companion)
}

/** How often a routine step is done. */
@Serializable(with = Frequency.Serializer::class)
public class Frequency private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<Frequency>("dev.skinanalysis.Frequency", ::Frequency) {
        @JvmField public val DAILY: Frequency = declare("daily")
        @JvmField public val EVERY_OTHER_DAY: Frequency = declare("every_other_day")
        @JvmField public val TWICE_WEEKLY: Frequency = declare("twice_weekly")
        @JvmField public val WEEKLY: Frequency = declare("weekly")
    }

    internal object Serializer : OpenEnum.Serializer<Frequency>(Companion)
}

/** When in the day or week a routine step is done. */
@Serializable(with = RoutineSlot.Serializer::class)
public class RoutineSlot private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<RoutineSlot>("dev.skinanalysis.RoutineSlot", ::RoutineSlot) {
        @JvmField public val AM: RoutineSlot = declare("am")
        @JvmField public val PM: RoutineSlot = declare("pm")
        @JvmField public val WEEKLY: RoutineSlot = declare("weekly")
    }

    internal object Serializer : OpenEnum.Serializer<RoutineSlot>(Companion)
}

/** A skin type in a routine profile. */
@Serializable(with = SkinType.Serializer::class)
public class SkinType private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<SkinType>("dev.skinanalysis.SkinType", ::SkinType) {
        @JvmField public val DRY: SkinType = declare("dry")
        @JvmField public val OILY: SkinType = declare("oily")
        @JvmField public val COMBINATION: SkinType = declare("combination")
        @JvmField public val NORMAL: SkinType = declare("normal")
    }

    internal object Serializer : OpenEnum.Serializer<SkinType>(Companion)
}

/** How many steps a routine should have. */
@Serializable(with = RoutineSize.Serializer::class)
public class RoutineSize private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<RoutineSize>("dev.skinanalysis.RoutineSize", ::RoutineSize) {
        @JvmField public val MINIMAL: RoutineSize = declare("minimal")
        @JvmField public val STANDARD: RoutineSize = declare("standard")
        @JvmField public val FULL: RoutineSize = declare("full")
    }

    internal object Serializer : OpenEnum.Serializer<RoutineSize>(Companion)
}

/** The category of a product the user owns. */
@Serializable(with = ProductCategory.Serializer::class)
public class ProductCategory private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ProductCategory>("dev.skinanalysis.ProductCategory", ::ProductCategory) {
        @JvmField public val CLEANSER: ProductCategory = declare("cleanser")
        @JvmField public val TONER: ProductCategory = declare("toner")
        @JvmField public val SERUM: ProductCategory = declare("serum")
        @JvmField public val TREATMENT: ProductCategory = declare("treatment")
        @JvmField public val MOISTURISER: ProductCategory = declare("moisturiser")
        @JvmField public val SUNSCREEN: ProductCategory = declare("sunscreen")
        @JvmField public val EXFOLIANT: ProductCategory = declare("exfoliant")
        @JvmField public val MASK: ProductCategory = declare("mask")
        @JvmField public val EYE_CREAM: ProductCategory = declare("eye_cream")
        @JvmField public val OIL: ProductCategory = declare("oil")
    }

    internal object Serializer : OpenEnum.Serializer<ProductCategory>(Companion)
}

/** The `code` of a problem+json error body. */
@Serializable(with = ErrorCode.Serializer::class)
public class ErrorCode private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ErrorCode>("dev.skinanalysis.ErrorCode", ::ErrorCode) {
        @JvmField public val UNAUTHENTICATED: ErrorCode = declare("unauthenticated")
        @JvmField public val INVALID_API_KEY: ErrorCode = declare("invalid_api_key")
        @JvmField public val INSUFFICIENT_SCOPE: ErrorCode = declare("insufficient_scope")
        @JvmField public val NOT_FOUND: ErrorCode = declare("not_found")
        @JvmField public val METHOD_NOT_ALLOWED: ErrorCode = declare("method_not_allowed")
        @JvmField public val INVALID_REQUEST: ErrorCode = declare("invalid_request")
        @JvmField public val UNKNOWN_MARKER: ErrorCode = declare("unknown_marker")
        @JvmField public val INVALID_CURSOR: ErrorCode = declare("invalid_cursor")
        @JvmField public val IDEMPOTENCY_CONFLICT: ErrorCode = declare("idempotency_conflict")
        @JvmField public val SCAN_NOT_COMPLETED: ErrorCode = declare("scan_not_completed")
        @JvmField public val UPLOAD_ALREADY_USED: ErrorCode = declare("upload_already_used")
        @JvmField public val UPLOAD_INCOMPLETE: ErrorCode = declare("upload_incomplete")
        @JvmField public val UPLOAD_EXPIRED: ErrorCode = declare("upload_expired")
        @JvmField public val PAYLOAD_TOO_LARGE: ErrorCode = declare("payload_too_large")
        @JvmField public val UNSUPPORTED_MEDIA_TYPE: ErrorCode = declare("unsupported_media_type")
        @JvmField public val IDEMPOTENCY_KEY_REUSED: ErrorCode = declare("idempotency_key_reused")
        @JvmField public val IMAGE_UNREADABLE: ErrorCode = declare("image_unreadable")
        @JvmField public val IMAGE_TOO_SMALL: ErrorCode = declare("image_too_small")
        @JvmField public val IMAGE_TOO_LARGE: ErrorCode = declare("image_too_large")
        @JvmField public val NO_FACE: ErrorCode = declare("no_face")
        @JvmField public val MULTIPLE_FACES: ErrorCode = declare("multiple_faces")
        @JvmField public val FACE_TOO_SMALL: ErrorCode = declare("face_too_small")
        @JvmField public val FACE_CUT_OFF: ErrorCode = declare("face_cut_off")
        @JvmField public val FACE_NOT_FRONTAL: ErrorCode = declare("face_not_frontal")
        @JvmField public val TOO_DARK: ErrorCode = declare("too_dark")
        @JvmField public val TOO_BRIGHT: ErrorCode = declare("too_bright")
        @JvmField public val BLURRY: ErrorCode = declare("blurry")
        @JvmField public val EYES_CLOSED: ErrorCode = declare("eyes_closed")
        @JvmField public val EXPRESSION_NOT_NEUTRAL: ErrorCode = declare("expression_not_neutral")
        @JvmField public val GRAYSCALE_PHOTO: ErrorCode = declare("grayscale_photo")
        @JvmField public val NOT_HUMAN_SKIN: ErrorCode = declare("not_human_skin")
        @JvmField public val ANALYSIS_FAILED: ErrorCode = declare("analysis_failed")
        @JvmField public val RATE_LIMITED: ErrorCode = declare("rate_limited")
        @JvmField public val INTERNAL_ERROR: ErrorCode = declare("internal_error")
    }

    internal object Serializer : OpenEnum.Serializer<ErrorCode>(Companion)
}

/** A scope a client token may carry. */
@Serializable(with = ClientTokenScope.Serializer::class)
public class ClientTokenScope private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ClientTokenScope>("dev.skinanalysis.ClientTokenScope", ::ClientTokenScope) {
        @JvmField public val SCANS_WRITE: ClientTokenScope = declare("scans:write")
        @JvmField public val SCANS_READ: ClientTokenScope = declare("scans:read")
        @JvmField public val SCORES_READ: ClientTokenScope = declare("scores:read")
    }

    internal object Serializer : OpenEnum.Serializer<ClientTokenScope>(Companion)
}

/** Test (sandbox) or live data. */
@Serializable(with = Environment.Serializer::class)
public class Environment private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<Environment>("dev.skinanalysis.Environment", ::Environment) {
        @JvmField public val TEST: Environment = declare("test")
        @JvmField public val LIVE: Environment = declare("live")
    }

    internal object Serializer : OpenEnum.Serializer<Environment>(Companion)
}

/** The media type of a directly uploaded photo. */
@Serializable(with = UploadContentType.Serializer::class)
public class UploadContentType private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<UploadContentType>("dev.skinanalysis.UploadContentType", ::UploadContentType) {
        @JvmField public val IMAGE_JPEG: UploadContentType = declare("image/jpeg")
        @JvmField public val IMAGE_PNG: UploadContentType = declare("image/png")
        @JvmField public val IMAGE_WEBP: UploadContentType = declare("image/webp")
    }

    internal object Serializer : OpenEnum.Serializer<UploadContentType>(Companion)
}

/** A marker whose spots the analysis counts and lists (`Scan.spots`). */
@Serializable(with = SpotMarker.Serializer::class)
public class SpotMarker private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<SpotMarker>("dev.skinanalysis.SpotMarker", ::SpotMarker) {
        @JvmField public val ACNE: SpotMarker = declare("acne")
        @JvmField public val PIGMENTATION: SpotMarker = declare("pigmentation")
    }

    internal object Serializer : OpenEnum.Serializer<SpotMarker>(Companion)
}

/** A face region per-region results and lesions are reported for (`glabella`: the T-zone between the brows). */
@Serializable(with = ResultRegion.Serializer::class)
public class ResultRegion private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<ResultRegion>("dev.skinanalysis.ResultRegion", ::ResultRegion) {
        @JvmField public val FOREHEAD: ResultRegion = declare("forehead")
        @JvmField public val GLABELLA: ResultRegion = declare("glabella")
        @JvmField public val NOSE: ResultRegion = declare("nose")
        @JvmField public val LEFT_CHEEK: ResultRegion = declare("left_cheek")
        @JvmField public val RIGHT_CHEEK: ResultRegion = declare("right_cheek")
        @JvmField public val CHIN: ResultRegion = declare("chin")
        @JvmField public val UNDER_EYE_LEFT: ResultRegion = declare("under_eye_left")
        @JvmField public val UNDER_EYE_RIGHT: ResultRegion = declare("under_eye_right")
        @JvmField public val CROWS_FEET_LEFT: ResultRegion = declare("crows_feet_left")
        @JvmField public val CROWS_FEET_RIGHT: ResultRegion = declare("crows_feet_right")
    }

    internal object Serializer : OpenEnum.Serializer<ResultRegion>(Companion)
}

/** A lesion's type: an inflamed red spot or a dark (brown) spot. */
@Serializable(with = LesionType.Serializer::class)
public class LesionType private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<LesionType>("dev.skinanalysis.LesionType", ::LesionType) {
        @JvmField public val INFLAMED: LesionType = declare("inflamed")
        @JvmField public val DARK_SPOT: LesionType = declare("dark_spot")
    }

    internal object Serializer : OpenEnum.Serializer<LesionType>(Companion)
}

/** ITA° skin-tone category (Chardon 1991, Del Bino 2013). */
@Serializable(with = SkinToneCategory.Serializer::class)
public class SkinToneCategory private constructor(value: String) : OpenEnum(value) {
    override fun values(): Values<*> = Companion

    public companion object : Values<SkinToneCategory>("dev.skinanalysis.SkinToneCategory", ::SkinToneCategory) {
        @JvmField public val VERY_LIGHT: SkinToneCategory = declare("very_light")
        @JvmField public val LIGHT: SkinToneCategory = declare("light")
        @JvmField public val INTERMEDIATE: SkinToneCategory = declare("intermediate")
        @JvmField public val TAN: SkinToneCategory = declare("tan")
        @JvmField public val BROWN: SkinToneCategory = declare("brown")
        @JvmField public val DARK: SkinToneCategory = declare("dark")
    }

    internal object Serializer : OpenEnum.Serializer<SkinToneCategory>(Companion)
}
