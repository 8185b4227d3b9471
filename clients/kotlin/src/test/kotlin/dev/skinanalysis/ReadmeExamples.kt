package dev.skinanalysis

import dev.skinanalysis.models.*
import java.io.File
import java.io.InputStream

/**
 * The README's "Every operation" block, compiled with the tests so the documented calls keep existing with these
 * names and types. It is never run (it would need a key and photos); the end-to-end tests run the same calls.
 */
@Suppress("UNUSED_VARIABLE", "unused")
private suspend fun readmeEveryOperation(key: String, url: String, bytes: ByteArray, stream: InputStream) {
    val client = SkinAnalysisClient(apiKey = key, baseUrl = url)

    // POST /v1/scans: from a File, ByteArray, InputStream or ScanImage
    val scan = client.scans.create(File("face.jpg"))
    val some = client.scans.create(bytes, markers = listOf(MarkerName.ACNE, MarkerName.REDNESS), userId = "user-42")
    val queued = client.scans.create(stream, wait = ScanWait.Async)        // Prefer: respond-async → 202, processing
    val longer = client.scans.create(bytes, wait = ScanWait.UpTo(25))      // Prefer: wait=25
    val done = client.scans.waitFor(queued)                                // polls until completed or failed
    val mine = client.scans.create(bytes, idempotencyKey = "upload-7f3a")  // your own key: a repeat returns the first scan

    // GET /v1/scans/{scan_id}, DELETE /v1/scans/{scan_id}
    val again = client.scans.get(scan.scanId)
    client.scans.delete(scan.scanId)

    // GET /v1/scans: one page, every page, or every scan
    val page = client.scans.listPage(userId = "user-42", limit = 50)
    val next = client.scans.listPage(userId = "user-42", limit = 50, cursor = page.nextCursor)
    client.scans.pages(userId = "user-42", limit = 50).collect { println(it.data.size) }
    client.scans.list(userId = "user-42").collect { println(it.scanId) }
    client.blocking.scans.list(userId = "user-42").forEach { println(it.scanId) }   // Sequence, outside coroutines

    // GET /v1/scans/{scan_id}/overlay: PNG bytes
    File("acne.png").writeBytes(client.scans.overlay(scan.scanId, MarkerName.ACNE))

    // GET /v1/markers
    client.markers.list().data.forEach { println("${it.name}: ${it.measures}") }

    // POST /v1/ingredients/analyze
    val analysis = client.ingredients.analyze("Aqua, Glycerin, Niacinamide, Salicylic Acid", markers = listOf(MarkerName.ACNE))
    val byList = client.ingredients.analyze(listOf("Aqua", "Retinol", "Glycolic Acid"))
    val full = client.ingredients.analyze(
        IngredientAnalysisRequest(
            ingredients = IngredientList.of("Aqua, Retinol"),
            products = listOf(IngredientAnalysisRequest.ProductInput("Toner", IngredientList.of("Aqua, Glycolic Acid"))),
        ),
    )
    analysis.conflicts.forEach { println("${it.severity}: ${it.reason}") }

    // POST /v1/routines, GET /v1/routines/{routine_id}
    val routine = client.routines.create(
        RoutineRequest(
            scanId = scan.scanId,
            profile = RoutineRequest.Profile(skinType = SkinType.OILY, preferences = RoutineRequest.Preferences(steps = RoutineSize.MINIMAL)),
        ),
    )
    val fromMarkers = client.routines.create(RoutineRequest(markers = mapOf(MarkerName.ACNE to RoutineRequest.MarkerInput(score = 35))))
    val sameRoutine = client.routines.get(routine.routineId)

    // POST /v1/client_tokens (back end, secret key): a token for one user's app
    val appToken = client.clientTokens.create(ClientTokenRequest(userId = "user-42", scopes = listOf(ClientTokenScope.SCANS_WRITE, ClientTokenScope.SCANS_READ)))

    // POST /v1/uploads, the presigned storage POST, then POST /v1/scans with {"upload_id"}
    val upload = client.uploads.create(UploadRequest(UploadContentType.IMAGE_JPEG, userId = "user-42"))
    client.uploads.send(upload, ScanImage.fromFile(File("face.jpg")))          // no API key goes to storage
    val fromUpload = client.scans.createFromUpload(upload.uploadId, markers = listOf(MarkerName.ACNE))
    val quick = client.scans.createFromUpload(client.uploads.upload(ScanImage.fromFile(File("face.jpg"))).uploadId)

    // GET /v1/users/{user_id}/score, DELETE /v1/users/{user_id}
    val userScore = client.users.score("user-42")
    println("${userScore.skinScore} ${userScore.trend.direction} over ${userScore.scanCount} scans")
    client.users.erase("user-42")
}
