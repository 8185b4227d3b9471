package dev.skinanalysis.resources

import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.jsonPost
import dev.skinanalysis.models.Upload
import dev.skinanalysis.models.UploadContentType
import dev.skinanalysis.models.UploadRequest
import dev.skinanalysis.ScanImage
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.MultipartBody
import okhttp3.RequestBody.Companion.toRequestBody

/**
 * `/v1/uploads`: direct uploads, for photos sent by an app straight to storage (up to the upload's `max_bytes`)
 * rather than through the API: [create], [send], then [Scans.createFromUpload].
 */
public class Uploads internal constructor(private val transport: HttpTransport) {
    /** `POST /v1/uploads` (scope `scans:write`, or a client token). */
    public suspend fun create(request: UploadRequest): Upload =
        transport.execute(jsonPost(listOf("v1", "uploads"), UploadRequest.serializer(), request), Upload.serializer())

    /**
     * Sends [image] to the upload's presigned storage POST: every field as given, then the photo as `file`. No API
     * credential goes to storage (the signed policy is the authorisation). Storage refusing the photo (wrong type,
     * too large, expired policy) throws an [dev.skinanalysis.errors.ApiException] with its status and XML body.
     */
    public suspend fun send(upload: Upload, image: ScanImage) {
        val form = MultipartBody.Builder().setType(MultipartBody.FORM).apply {
            upload.fields.forEach { (name, value) -> addFormDataPart(name, value) }
            val type = upload.fields.entries.firstOrNull { it.key.equals("Content-Type", ignoreCase = true) }?.value ?: image.contentType
            addFormDataPart("file", image.filename, image.bytes.toRequestBody(type.toMediaType()))
        }.build()
        transport.sendToStorage(upload.url, form)
    }

    /** [create], then [send]: the upload id to pass to [Scans.createFromUpload]. */
    public suspend fun upload(image: ScanImage, userId: String? = null): Upload {
        val contentType = UploadContentType.of(image.contentType)
        require(contentType.isKnown) { "a direct upload takes JPEG, PNG or WebP, not ${image.contentType}" }
        return create(UploadRequest(contentType, userId)).also { send(it, image) }
    }
}
