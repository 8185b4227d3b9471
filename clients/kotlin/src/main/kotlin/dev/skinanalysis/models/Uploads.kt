package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/** `POST /v1/uploads`: a direct upload of one photo of [contentType], for [userId] (a client token's own user when null). */
@Serializable
public data class UploadRequest(
    @SerialName("content_type") val contentType: UploadContentType,
    @SerialName("user_id") val userId: String? = null,
)

/**
 * A presigned storage POST for one photo: send every [fields] entry, then the photo as the part `file`, to [url]
 * before [postExpiresAt] ([dev.skinanalysis.resources.Uploads.send] does that), then start the scan with
 * [uploadId] before [expiresAt].
 */
@Serializable
public data class Upload(
    @SerialName("upload_id") val uploadId: String,
    @SerialName("user_id") val userId: String?,
    val url: String,
    val fields: Map<String, String>,
    @SerialName("max_bytes") val maxBytes: Long,
    @SerialName("post_expires_at") val postExpiresAt: String,
    @SerialName("expires_at") val expiresAt: String,
)

/** `POST /v1/scans` as JSON: a scan of a photo sent by direct upload. The client sends [markers] as an array. */
@Serializable
public data class ScanFromUpload(
    @SerialName("upload_id") val uploadId: String,
    val markers: List<MarkerName>? = null,
    @SerialName("user_id") val userId: String? = null,
)
