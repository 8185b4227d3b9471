package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** A user's smoothed score over their latest scans, its 30-day trend and history. */
@Serializable
public data class UserScore(
    @SerialName("user_id") val userId: String,
    @SerialName("skin_score") val skinScore: Int,
    val markers: Map<MarkerName, MarkerResult>,
    val trend: Trend,
    @SerialName("scan_count") val scanCount: Int,
    val history: List<HistoryEntry>,
    @SerialName("updated_at") val updatedAt: String,
) {
    @Serializable
    public data class Trend(val direction: TrendDirection, @SerialName("delta_30d") val delta30d: Double)

    @Serializable
    public data class HistoryEntry(
        @SerialName("scan_id") val scanId: String,
        @SerialName("skin_score") val skinScore: Int,
        val markers: Map<MarkerName, Int>,
        val at: String,
    )
}
