package dev.skinanalysis.resources

import dev.skinanalysis.errors.TimeoutException
import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.jsonPost
import dev.skinanalysis.models.MarkerName
import dev.skinanalysis.models.Scan
import dev.skinanalysis.models.ScanFromUpload
import dev.skinanalysis.models.ScanList
import dev.skinanalysis.ScanImage
import dev.skinanalysis.ScanWait
import kotlinx.coroutines.delay
import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flow
import kotlinx.coroutines.withTimeoutOrNull
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.MultipartBody
import okhttp3.RequestBody.Companion.toRequestBody
import java.io.File
import java.io.InputStream
import kotlin.time.Duration
import kotlin.time.Duration.Companion.minutes
import kotlin.time.Duration.Companion.seconds

/** `/v1/scans`: analyse a face photo, read, list and delete scans, fetch overlays. */
public class Scans internal constructor(private val transport: HttpTransport) {
    /**
     * `POST /v1/scans`. Returns the completed scan (201), or the scan still `processing` (202) when [wait] ran out
     * first; pass that to [waitFor]. A photo that cannot be judged throws
     * [dev.skinanalysis.errors.UnprocessablePhotoException] with its quality code.
     *
     * @param markers the markers to analyse; all of them when null.
     * @param userId your own identifier for the person, to build their score over time.
     * @param idempotencyKey sent on every attempt; a fresh UUID when null. Pass your own to make a retry of the
     *   whole operation (e.g. after the app restarts) return the first scan instead of making a second.
     */
    public suspend fun create(
        image: ScanImage,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan {
        val form = MultipartBody.Builder().setType(MultipartBody.FORM)
            .addFormDataPart(FORM_IMAGE, image.filename, image.bytes.toRequestBody(image.contentType.toMediaType()))
            .apply {
                if (!markers.isNullOrEmpty()) addFormDataPart(FORM_MARKERS, markers.joinToString(",") { it.value })
                if (userId != null) addFormDataPart(FORM_USER_ID, userId)
            }
            .build()
        val request = ApiRequest(
            method = "POST",
            path = listOf("v1", "scans"),
            body = form,
            headers = wait.preferHeader?.let { mapOf("Prefer" to it) }.orEmpty(),
            idempotencyKey = idempotencyKey ?: HttpTransport.newIdempotencyKey(),
        )
        return transport.execute(request, Scan.serializer())
    }

    /** [create] from a file. */
    public suspend fun create(
        file: File,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan = create(ScanImage.fromFile(file), markers, userId, wait, idempotencyKey)

    /** [create] from bytes (the type is read from the bytes). */
    public suspend fun create(
        bytes: ByteArray,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan = create(ScanImage.fromBytes(bytes), markers, userId, wait, idempotencyKey)

    /** [create] from a stream, read to its end first. */
    public suspend fun create(
        stream: InputStream,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan = create(ScanImage.fromStream(stream), markers, userId, wait, idempotencyKey)

    /**
     * `POST /v1/scans` as JSON for a photo sent by direct upload ([Uploads.upload]). The upload starts one scan
     * only: again is a [dev.skinanalysis.errors.ConflictException] (`upload_already_used`), before the photo
     * arrived too (`upload_incomplete`); after it expired a [dev.skinanalysis.errors.NotFoundException] (410
     * `upload_expired`).
     */
    public suspend fun createFromUpload(
        uploadId: String,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan = transport.execute(
        jsonPost(
            listOf("v1", "scans"),
            ScanFromUpload.serializer(),
            ScanFromUpload(uploadId, markers?.takeIf { it.isNotEmpty() }, userId),
            headers = wait.preferHeader?.let { mapOf("Prefer" to it) }.orEmpty(),
            idempotencyKey = idempotencyKey ?: HttpTransport.newIdempotencyKey(),
        ),
        Scan.serializer(),
    )

    /** `GET /v1/scans/{scan_id}`. */
    public suspend fun get(scanId: String): Scan =
        transport.execute(ApiRequest("GET", listOf("v1", "scans", scanId)), Scan.serializer())

    /** `DELETE /v1/scans/{scan_id}`: the record, the image and the overlays are gone. */
    public suspend fun delete(scanId: String) {
        transport.send(ApiRequest("DELETE", listOf("v1", "scans", scanId)))
    }

    /** `GET /v1/scans`: one page, newest first. Pass the previous page's `nextCursor` as [cursor]. */
    public suspend fun listPage(userId: String? = null, limit: Int? = null, cursor: String? = null): ScanList =
        transport.execute(
            ApiRequest(
                "GET",
                listOf("v1", "scans"),
                query = mapOf("user_id" to userId, "limit" to limit?.toString(), "cursor" to cursor),
            ),
            ScanList.serializer(),
        )

    /** Every page in turn, each fetched when the collector asks for it. */
    public fun pages(userId: String? = null, limit: Int? = null): Flow<ScanList> = flow {
        var cursor: String? = null
        do {
            val page = listPage(userId, limit, cursor)
            emit(page)
            cursor = page.nextCursor
        } while (page.hasMore && cursor != null)
    }

    /** Every scan, newest first, across pages of [pageSize] (the API's default when null). */
    public fun list(userId: String? = null, pageSize: Int? = null): Flow<Scan> = flow {
        pages(userId, pageSize).collect { page -> page.data.forEach { emit(it) } }
    }

    /** `GET /v1/scans/{scan_id}/overlay`: a PNG of the aligned face with [marker]'s regions (the first marker when null). */
    /**
     * The overlay PNG of one marker, drawn on request: [style] `regions` (default), `heatmap` or `spots`; [aligned]
     * `crop` (default, the aligned face) or `original` (a transparent layer the size of the photo); [width] in pixels;
     * [legend] `true` adds a label box with the marker, its score and severity.
     */
    public suspend fun overlay(
        scanId: String,
        marker: MarkerName? = null,
        style: String? = null,
        aligned: String? = null,
        width: Int? = null,
        legend: Boolean? = null,
    ): ByteArray =
        transport.send(
            ApiRequest(
                "GET",
                listOf("v1", "scans", scanId, "overlay"),
                query = mapOf("marker" to marker?.value, "style" to style, "aligned" to aligned, "width" to width?.toString(), "legend" to legend?.toString()),
                headers = mapOf("Accept" to "image/png, application/problem+json"),
            ),
        ).body

    /**
     * Polls the scan every [pollInterval] until it is `completed` or `failed` and returns it then (a failed scan
     * carries its `error`; nothing is thrown for it). Throws [TimeoutException] after [timeout].
     */
    public suspend fun waitFor(scanId: String, pollInterval: Duration = 1.seconds, timeout: Duration = 2.minutes): Scan =
        withTimeoutOrNull(timeout) {
            var scan = get(scanId)
            while (!scan.status.isTerminal) {
                delay(pollInterval)
                scan = get(scanId)
            }
            scan
        } ?: throw TimeoutException("scan $scanId still processing after $timeout", null)

    /** [waitFor] by the scan itself; returns it at once when it is already finished. */
    public suspend fun waitFor(scan: Scan, pollInterval: Duration = 1.seconds, timeout: Duration = 2.minutes): Scan =
        if (scan.status.isTerminal) scan else waitFor(scan.scanId, pollInterval, timeout)

    internal companion object {
        /** The multipart fields of `POST /v1/scans` (ScanCreateForm in the document). */
        const val FORM_IMAGE = "image"
        const val FORM_MARKERS = "markers"
        const val FORM_USER_ID = "user_id"
        val FORM_FIELDS = listOf(FORM_IMAGE, FORM_MARKERS, FORM_USER_ID)
    }
}
