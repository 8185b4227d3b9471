package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** One marker's result: an integer score 0–100 (higher is healthier skin) and its severity band. */
@Serializable
public data class MarkerResult(
    val score: Int,
    val severity: Severity,
)

/** A scan: the photo's analysis, or where it is. Timestamps are ISO 8601 UTC strings (java.time needs API 26). */
@Serializable
public data class Scan(
    @SerialName("scan_id") val scanId: String,
    val status: ScanStatus,
    @SerialName("user_id") val userId: String?,
    @SerialName("skin_score") val skinScore: Int?,
    val markers: Map<MarkerName, MarkerResult>,
    @SerialName("created_at") val createdAt: String,
    @SerialName("completed_at") val completedAt: String?,
    val model: ModelInfo?,
    val image: ImageInfo,
    val face: Face?,
    /** Each quality check by name (`face_size`, `sharpness`…) with its measured value and threshold. */
    val quality: Map<String, QualityCheck>?,
    val error: ScanError?,
    /** Acne and pigmentation spots the analysis counted, in pixels of the upright photo; empty until completed. */
    val spots: List<Spot>,
    /** Distinct lesions by type and region; null until completed. */
    @SerialName("lesion_counts") val lesionCounts: LesionCounts?,
    /** ITA° skin tone (a description, never a score); null until completed. */
    @SerialName("skin_tone") val skinTone: SkinTone?,
    /** Oily, dry, combination or normal, and sensitive-prone; null until completed. */
    @SerialName("skin_type") val skinType: ScanSkinType?,
    /** Score and severity per region, per requested marker measured in two regions or more; empty until completed. */
    @SerialName("region_results") val regionResults: Map<MarkerName, Map<ResultRegion, MarkerResult>>,
) {
    /** One counted spot: its marker, type, region, centre and radius in pixels of the upright photo (`image`). */
    @Serializable
    public data class Spot(
        val marker: SpotMarker,
        val type: LesionType,
        val region: ResultRegion?,
        val x: Double,
        val y: Double,
        val radius: Double,
    )

    @Serializable
    public data class ModelInfo(val name: String, val version: String)

    @Serializable
    public data class ImageInfo(val width: Int, val height: Int, val format: String)

    @Serializable
    public data class Face(
        val box: Box,
        val confidence: Double,
        val landmarks: Int,
        /** How old the face looks, on completed scans only; a description, never part of a score. */
        @SerialName("perceived_age") val perceivedAge: PerceivedAge? = null,
    ) {
        @Serializable
        public data class Box(val x: Double, val y: Double, val width: Double, val height: Double)

        /** Perceived age in whole years and the age model's published mean absolute error in years. */
        @Serializable
        public data class PerceivedAge(
            val years: Int,
            @SerialName("expected_error_years") val expectedErrorYears: Double,
        )
    }

    @Serializable
    public data class QualityCheck(val value: Double, val threshold: Double, val passed: Boolean)
}

/** Lesions counted by type: all, inflamed red spots, dark spots. */
@Serializable
public data class LesionTally(val total: Int, val inflamed: Int, @SerialName("dark_spot") val darkSpot: Int)

/** Distinct lesions by type, and per region (only regions that hold lesions). */
@Serializable
public data class LesionCounts(
    val total: Int,
    val inflamed: Int,
    @SerialName("dark_spot") val darkSpot: Int,
    @SerialName("by_region") val byRegion: Map<ResultRegion, LesionTally>,
)

/** Skin tone: the individual typology angle (ITA°) of the face skin's median colour, its category and hue angle. */
@Serializable
public data class SkinTone(
    val ita: Double,
    val category: SkinToneCategory,
    @SerialName("hue_angle") val hueAngle: Double,
    val lab: Lab,
) {
    /** CIELAB (D65). */
    @Serializable
    public data class Lab(val l: Double, val a: Double, val b: Double)
}

/** The scan's skin type, from T-zone against U-zone measurements, with the measures the rule read. */
@Serializable
public data class ScanSkinType(
    val type: SkinType,
    @SerialName("sensitive_prone") val sensitiveProne: Boolean,
    val measures: Measures,
) {
    @Serializable
    public data class Measures(
        @SerialName("t_zone_shine") val tZoneShine: Double,
        @SerialName("u_zone_shine") val uZoneShine: Double,
        @SerialName("u_zone_dryness") val uZoneDryness: Double,
        val redness: Double,
    )
}

/** Why a scan failed: a quality code such as `no_face`, or `analysis_failed`. */
@Serializable
public data class ScanError(val code: String, val message: String)

/** One page of scans, newest first. */
@Serializable
public data class ScanList(
    val data: List<Scan>,
    @SerialName("has_more") val hasMore: Boolean,
    /** Opaque: pass it back as `cursor` for the next page. */
    @SerialName("next_cursor") val nextCursor: String?,
)
