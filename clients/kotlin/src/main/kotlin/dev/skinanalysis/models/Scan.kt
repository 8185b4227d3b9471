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
) {
    /** One counted spot: its marker, centre and radius in pixels of the upright photo (`image`). */
    @Serializable
    public data class Spot(val marker: SpotMarker, val x: Double, val y: Double, val radius: Double)

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
