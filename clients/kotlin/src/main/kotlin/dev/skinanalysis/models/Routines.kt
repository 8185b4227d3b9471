package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.JsonElement

/** `POST /v1/routines`: from a [scanId] or from [markers], plus a [profile] and optionally the user's products. */
@Serializable
public data class RoutineRequest(
    @SerialName("scan_id") val scanId: String? = null,
    val markers: Map<MarkerName, MarkerInput>? = null,
    @SerialName("user_id") val userId: String? = null,
    val profile: Profile? = null,
    val products: List<OwnedProduct>? = null,
) {
    @Serializable
    public data class MarkerInput(val score: Int, val severity: Severity? = null)

    @Serializable
    public data class Profile(
        @SerialName("skin_type") val skinType: SkinType? = null,
        val sensitive: Boolean? = null,
        @SerialName("pregnant_or_breastfeeding") val pregnantOrBreastfeeding: Boolean? = null,
        val preferences: Preferences? = null,
    )

    @Serializable
    public data class Preferences(
        @SerialName("fragrance_free") val fragranceFree: Boolean? = null,
        val steps: RoutineSize? = null,
    )

    @Serializable
    public data class OwnedProduct(
        val name: String,
        val category: ProductCategory? = null,
        val ingredients: IngredientList,
    )
}

@Serializable
public data class RoutineStep(
    val step: RoutineStepKind,
    val description: String,
    @SerialName("key_ingredients") val keyIngredients: List<KeyIngredient>,
    val frequency: Frequency,
    @SerialName("ramp_up") val rampUp: String?,
    /** One of the user's own products that fills this step, when one does. */
    val product: Product? = null,
) {
    @Serializable
    public data class KeyIngredient(val name: String, val reason: String, val marker: MarkerName?, val source: String)

    @Serializable
    public data class Product(
        val name: String,
        val index: Int,
        val reason: String,
        @SerialName("ingredient_analysis_summary") val ingredientAnalysisSummary: ProductSummary? = null,
    )

    @Serializable
    public data class ProductSummary(
        val actives: List<ActiveClass>,
        val helps: List<MarkerName>,
        @SerialName("may_worsen") val mayWorsen: List<MarkerName>,
        @SerialName("free_of") val freeOf: List<FreeOf>,
        @SerialName("eu_fragrance_allergens") val euFragranceAllergens: List<String>,
        @SerialName("unknown_ingredients") val unknownIngredients: Int,
    )
}

/** A skincare routine: AM, PM and weekly steps with the rules and sources behind them. */
@Serializable
public data class Routine(
    @SerialName("routine_id") val routineId: String,
    @SerialName("scan_id") val scanId: String?,
    @SerialName("user_id") val userId: String?,
    @SerialName("created_at") val createdAt: String,
    val markers: Map<MarkerName, MarkerResult>,
    /** The profile the routine was made for, as the service normalised it. */
    val profile: Map<String, JsonElement>,
    val am: List<RoutineStep>,
    val pm: List<RoutineStep>,
    val weekly: List<RoutineStep>,
    val warnings: List<String>,
    val notes: List<String>,
    val introduction: List<Introduction>,
    @SerialName("rules_applied") val rulesApplied: List<RuleApplied>,
    val sources: Map<String, Source>,
) {
    @Serializable
    public data class Introduction(
        val order: Int,
        val ingredient: String,
        val slot: RoutineSlot,
        val step: RoutineStepKind,
        @SerialName("start_week") val startWeek: Int,
    )

    @Serializable
    public data class RuleApplied(val id: String, val rule: String, val sources: List<String>)

    @Serializable
    public data class Source(val title: String, val url: String?)
}
