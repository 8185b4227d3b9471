package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** `POST /v1/ingredients/analyze`: a list to analyse, optionally against markers, a scan's results, or products. */
@Serializable
public data class IngredientAnalysisRequest(
    val ingredients: IngredientList,
    val markers: List<MarkerName>? = null,
    @SerialName("scan_id") val scanId: String? = null,
    val products: List<ProductInput>? = null,
) {
    /** A product to analyse beside the list (conflicts between products are reported). */
    @Serializable
    public data class ProductInput(val name: String, val ingredients: IngredientList)
}

/** A range with the sources it comes from (comedogenicity, irritancy). */
@Serializable
public data class RatedRange(
    val min: Double,
    val max: Double,
    val sources: List<String>,
    val note: String? = null,
)

/** Irritancy: either a numeric range (`min`/`max`) or a severity `level`, with sources. */
@Serializable
public data class Irritancy(
    val min: Double? = null,
    val max: Double? = null,
    val level: Severity? = null,
    val sources: List<String>,
    val note: String? = null,
)

/** The usual concentration of an active, in percent. */
@Serializable
public data class Concentration(val min: Double?, val max: Double?, val unit: String)

@Serializable
public data class AnalysedIngredient(
    val position: Int,
    @SerialName("as_written") val asWritten: String,
    val name: String?,
    val match: Match,
    val family: String?,
    val functions: List<String>,
    val comedogenic: RatedRange?,
    val irritancy: Irritancy?,
    val flags: Map<IngredientFlag, Flag>,
    val benefits: List<Benefit>,
    val active: Active?,
    @SerialName("active_level_likely") val activeLevelLikely: Boolean?,
    @SerialName("optional_colourant") val optionalColourant: Boolean,
    val percentage: Double?,
    val nano: Boolean,
    @SerialName("at_most_one_percent") val atMostOnePercent: Boolean,
    val footnote: String?,
) {
    @Serializable
    public data class Match(val type: IngredientMatchType, val confidence: Double, val suggestion: String? = null)

    @Serializable
    public data class Flag(
        val source: String,
        val note: String? = null,
        @SerialName("annex_ref") val annexRef: String? = null,
        val limit: String? = null,
        @SerialName("labelling_threshold_percent") val labellingThresholdPercent: LabellingThreshold? = null,
    )

    @Serializable
    public data class LabellingThreshold(@SerialName("leave_on") val leaveOn: Double, @SerialName("rinse_off") val rinseOff: Double)

    @Serializable
    public data class Benefit(val marker: MarkerName, val source: String)

    @Serializable
    public data class Active(
        @SerialName("class") val activeClass: ActiveClass,
        @SerialName("usual_concentration") val usualConcentration: Concentration?,
        val source: String,
    )
}

@Serializable
public data class IngredientConflict(
    val id: String,
    val severity: ConflictSeverity,
    val evidence: Evidence,
    /** The two sides of the conflict, each a list of ingredient names. */
    val between: List<List<String>>,
    val reason: String,
    val advice: String,
    val sources: List<String>,
)

@Serializable
public data class ListSummary(
    val count: Int,
    val recognised: Int,
    val fuzzy: Int,
    val unknown: Int,
    @SerialName("optional_colourants") val optionalColourants: Int,
    @SerialName("eu_fragrance_allergens") val euFragranceAllergens: List<String>,
    @SerialName("eu_banned") val euBanned: List<String>,
)

@Serializable
public data class ActiveGroup(
    @SerialName("class") val activeClass: ActiveClass,
    val ingredients: List<Ingredient>,
    @SerialName("usual_concentration") val usualConcentration: Concentration?,
) {
    @Serializable
    public data class Ingredient(
        val name: String,
        val position: Int,
        val percentage: Double?,
        @SerialName("active_level_likely") val activeLevelLikely: Boolean?,
    )
}

@Serializable
public data class NonConflict(val id: String, val between: List<List<String>>, val note: String, val sources: List<String>)

@Serializable
public data class Suitability(
    val marker: MarkerName,
    val severity: Severity?,
    val priority: Int,
    val verdict: Verdict,
    val helps: List<Reason>,
    @SerialName("may_worsen") val mayWorsen: List<Reason>,
) {
    @Serializable
    public data class Reason(val ingredient: String, val position: Int, val reason: String, val sources: List<String>)
}

/** The analysis of one product given in the request's `products`. */
@Serializable
public data class ProductAnalysis(
    val ingredients: List<AnalysedIngredient>,
    val footnotes: List<String>,
    val summary: ListSummary,
    val actives: List<ActiveGroup>,
    val conflicts: List<IngredientConflict>,
    @SerialName("non_conflicts") val nonConflicts: List<NonConflict>,
    val suitability: List<Suitability>,
    @SerialName("free_of") val freeOf: List<FreeOf>,
    val index: Int,
    val name: String,
)

/** `POST /v1/ingredients/analyze`'s answer: every ingredient explained and flagged, actives, conflicts, suitability. */
@Serializable
public data class IngredientAnalysis(
    val ingredients: List<AnalysedIngredient>,
    val footnotes: List<String>,
    val summary: ListSummary,
    val actives: List<ActiveGroup>,
    val conflicts: List<IngredientConflict>,
    @SerialName("non_conflicts") val nonConflicts: List<NonConflict>,
    val suitability: List<Suitability>,
    @SerialName("free_of") val freeOf: List<FreeOf>,
    val products: List<ProductAnalysis>,
    @SerialName("product_conflicts") val productConflicts: List<ProductConflict>,
    val sources: Map<String, Source>,
    @SerialName("knowledge_base") val knowledgeBase: KnowledgeBase,
) {
    @Serializable
    public data class ProductConflict(
        val id: String,
        val severity: ConflictSeverity,
        val evidence: Evidence,
        val between: List<List<String>>,
        val reason: String,
        val advice: String,
        val sources: List<String>,
        /** The two products involved; `index` is null for the request's own `ingredients`. */
        val products: List<ProductRef>,
    )

    @Serializable
    public data class ProductRef(val index: Int?, val name: String)

    @Serializable
    public data class Source(
        val title: String,
        val url: String? = null,
        val kind: String,
        val checked: Boolean,
        val note: String? = null,
    )

    @Serializable
    public data class KnowledgeBase(val version: String, val entries: Int)
}
