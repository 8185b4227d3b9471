package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** `GET /v1/markers`: what each marker measures and where. */
@Serializable
public data class MarkerCatalogue(val data: List<MarkerCatalogueEntry>)

@Serializable
public data class MarkerCatalogueEntry(
    val name: MarkerName,
    val title: String,
    val measures: String,
    val regions: List<FaceRegion>,
    /** The regions a scan's `regionResults` break this marker down into (empty: whole face only). */
    @SerialName("result_regions") val resultRegions: List<ResultRegion>,
    val direction: String,
    /** Set when the photo can only show a visual proxy of the marker (hydration). */
    val proxy: String? = null,
    /** Whether the marker enters `skin_score` (the nine version 1 markers do; those added in skin-v1.5.0 do not). */
    @SerialName("in_skin_score") val inSkinScore: Boolean,
    @SerialName("severity_bands") val severityBands: SeverityBands,
) {
    /** The inclusive score range `[from, to]` of each severity band. */
    @Serializable
    public data class SeverityBands(val low: List<Int>, val moderate: List<Int>, val high: List<Int>)
}
