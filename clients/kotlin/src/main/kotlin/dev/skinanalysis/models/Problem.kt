package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * An RFC 9457 problem+json error body. [code] is kept as an [ErrorCode] (open: codes added later decode too);
 * The exception that carries it also keeps the whole body as received ([dev.skinanalysis.errors.ApiException.body]).
 */
@Serializable
public data class Problem(
    val type: String,
    val title: String,
    val status: Int,
    val detail: String,
    val code: ErrorCode,
    @SerialName("request_id") val requestId: String,
    val errors: List<ParamError>,
    /** The failed scan, on a 422 quality refusal. */
    @SerialName("scan_id") val scanId: String? = null,
) {
    @Serializable
    public data class ParamError(val param: String, val message: String)
}
