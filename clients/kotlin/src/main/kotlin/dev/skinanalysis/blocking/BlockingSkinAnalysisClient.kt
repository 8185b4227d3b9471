package dev.skinanalysis.blocking

import dev.skinanalysis.SkinAnalysisClient
import dev.skinanalysis.ScanImage
import dev.skinanalysis.ScanWait
import dev.skinanalysis.models.ClientToken
import dev.skinanalysis.models.ClientTokenRequest
import dev.skinanalysis.models.IngredientAnalysis
import dev.skinanalysis.models.IngredientAnalysisRequest
import dev.skinanalysis.models.MarkerCatalogue
import dev.skinanalysis.models.MarkerName
import dev.skinanalysis.models.Routine
import dev.skinanalysis.models.RoutineRequest
import dev.skinanalysis.models.Scan
import dev.skinanalysis.models.ScanList
import dev.skinanalysis.models.Upload
import dev.skinanalysis.models.UploadRequest
import dev.skinanalysis.models.UserScore
import kotlinx.coroutines.runBlocking
import java.io.File
import java.io.InputStream
import java.util.concurrent.TimeUnit
import kotlin.time.Duration.Companion.milliseconds

/**
 * The client's operations as blocking calls (each runs the suspend call with `runBlocking`), for Java and for
 * worker threads. Do not call them on Android's main thread.
 *
 * ```java
 * Scan scan = client.blocking().scans().create(new File("face.jpg"));
 * ```
 */
public class BlockingSkinAnalysisClient internal constructor(private val client: SkinAnalysisClient) {
    @get:JvmName("scans") public val scans: BlockingScans = BlockingScans(client)
    @get:JvmName("markers") public val markers: BlockingMarkers = BlockingMarkers(client)
    @get:JvmName("ingredients") public val ingredients: BlockingIngredients = BlockingIngredients(client)
    @get:JvmName("routines") public val routines: BlockingRoutines = BlockingRoutines(client)
    @get:JvmName("users") public val users: BlockingUsers = BlockingUsers(client)
    @get:JvmName("clientTokens") public val clientTokens: BlockingClientTokens = BlockingClientTokens(client)
    @get:JvmName("uploads") public val uploads: BlockingUploads = BlockingUploads(client)
}

public class BlockingScans internal constructor(private val client: SkinAnalysisClient) {
    @JvmOverloads
    public fun create(
        image: ScanImage,
        markers: List<MarkerName>? = null,
        userId: String? = null,
        wait: ScanWait = ScanWait.Default,
        idempotencyKey: String? = null,
    ): Scan = runBlocking { client.scans.create(image, markers, userId, wait, idempotencyKey) }

    @JvmOverloads
    public fun create(file: File, markers: List<MarkerName>? = null, userId: String? = null, wait: ScanWait = ScanWait.Default): Scan =
        create(ScanImage.fromFile(file), markers, userId, wait)

    @JvmOverloads
    public fun create(bytes: ByteArray, markers: List<MarkerName>? = null, userId: String? = null, wait: ScanWait = ScanWait.Default): Scan =
        create(ScanImage.fromBytes(bytes), markers, userId, wait)

    @JvmOverloads
    public fun create(stream: InputStream, markers: List<MarkerName>? = null, userId: String? = null, wait: ScanWait = ScanWait.Default): Scan =
        create(ScanImage.fromStream(stream), markers, userId, wait)

    @JvmOverloads
    public fun createFromUpload(uploadId: String, markers: List<MarkerName>? = null, userId: String? = null, wait: ScanWait = ScanWait.Default): Scan =
        runBlocking { client.scans.createFromUpload(uploadId, markers, userId, wait) }

    public fun get(scanId: String): Scan = runBlocking { client.scans.get(scanId) }

    public fun delete(scanId: String): Unit = runBlocking { client.scans.delete(scanId) }

    @JvmOverloads
    public fun listPage(userId: String? = null, limit: Int? = null, cursor: String? = null): ScanList =
        runBlocking { client.scans.listPage(userId, limit, cursor) }

    /** Every scan, newest first; each page is fetched when the iteration reaches it. */
    @JvmOverloads
    public fun list(userId: String? = null, pageSize: Int? = null): Sequence<Scan> = sequence {
        var cursor: String? = null
        do {
            val page = listPage(userId, pageSize, cursor)
            yieldAll(page.data)
            cursor = page.nextCursor
        } while (page.hasMore && cursor != null)
    }

    /** [list] as an [Iterable], for Java's for-each. */
    @JvmOverloads
    public fun iterate(userId: String? = null, pageSize: Int? = null): Iterable<Scan> = list(userId, pageSize).asIterable()

    @JvmOverloads
    public fun overlay(
        scanId: String,
        marker: MarkerName? = null,
        style: String? = null,
        aligned: String? = null,
        width: Int? = null,
        legend: Boolean? = null,
    ): ByteArray = runBlocking { client.scans.overlay(scanId, marker, style, aligned, width, legend) }

    /** Polls until the scan is completed or failed; [timeout] in [unit] (2 minutes by default). */
    @JvmOverloads
    public fun waitFor(scan: Scan, timeout: Long = 120, unit: TimeUnit = TimeUnit.SECONDS): Scan =
        runBlocking { client.scans.waitFor(scan, timeout = unit.toMillis(timeout).milliseconds) }
}

public class BlockingMarkers internal constructor(private val client: SkinAnalysisClient) {
    public fun list(): MarkerCatalogue = runBlocking { client.markers.list() }
}

public class BlockingIngredients internal constructor(private val client: SkinAnalysisClient) {
    public fun analyze(request: IngredientAnalysisRequest): IngredientAnalysis = runBlocking { client.ingredients.analyze(request) }

    @JvmOverloads
    public fun analyze(label: String, markers: List<MarkerName>? = null): IngredientAnalysis =
        runBlocking { client.ingredients.analyze(label, markers) }
}

public class BlockingRoutines internal constructor(private val client: SkinAnalysisClient) {
    @JvmOverloads
    public fun create(request: RoutineRequest, idempotencyKey: String? = null): Routine =
        runBlocking { client.routines.create(request, idempotencyKey) }

    public fun get(routineId: String): Routine = runBlocking { client.routines.get(routineId) }
}

public class BlockingUsers internal constructor(private val client: SkinAnalysisClient) {
    public fun score(userId: String): UserScore = runBlocking { client.users.score(userId) }

    public fun erase(userId: String): Unit = runBlocking { client.users.erase(userId) }
}

public class BlockingClientTokens internal constructor(private val client: SkinAnalysisClient) {
    public fun create(request: ClientTokenRequest): ClientToken = runBlocking { client.clientTokens.create(request) }

    public fun create(userId: String): ClientToken = runBlocking { client.clientTokens.create(userId) }
}

public class BlockingUploads internal constructor(private val client: SkinAnalysisClient) {
    public fun create(request: UploadRequest): Upload = runBlocking { client.uploads.create(request) }

    public fun send(upload: Upload, image: ScanImage): Unit = runBlocking { client.uploads.send(upload, image) }

    @JvmOverloads
    public fun upload(image: ScanImage, userId: String? = null): Upload = runBlocking { client.uploads.upload(image, userId) }
}
