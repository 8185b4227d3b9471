package dev.skinanalysis

import com.sun.net.httpserver.HttpExchange
import com.sun.net.httpserver.HttpServer
import dev.skinanalysis.errors.ConflictException
import dev.skinanalysis.errors.ConnectionException
import dev.skinanalysis.errors.ErrorMapping
import dev.skinanalysis.errors.InvalidRequestException
import dev.skinanalysis.errors.RateLimitException
import dev.skinanalysis.errors.ServerException
import dev.skinanalysis.errors.TimeoutException
import dev.skinanalysis.errors.UnprocessablePhotoException
import dev.skinanalysis.internal.RetryPolicy
import dev.skinanalysis.internal.SkinJson
import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.Problem
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import java.net.InetAddress
import java.net.InetSocketAddress
import java.net.ServerSocket
import java.util.Collections
import java.util.concurrent.Executors
import java.util.concurrent.atomic.AtomicInteger
import kotlin.random.Random
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

/**
 * The retry and error paths the real stack cannot be made to take on demand (5xx, broken connections, slow
 * answers), against a real HTTP server in the test that answers what each case needs.
 */
class RetriesAndErrorsTest {
    private class Seen(val method: String, val idempotencyKey: String?, val authorization: String?, val userAgent: String?)

    private val seen = Collections.synchronizedList(mutableListOf<Seen>())
    private val server = HttpServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0)
    private val baseUrl get() = "http://127.0.0.1:${server.address.port}"

    private fun serve(handler: (attempt: Int, exchange: HttpExchange) -> Unit) {
        val attempts = AtomicInteger()
        server.createContext("/") { exchange ->
            exchange.requestBody.readBytes()
            seen += Seen(
                exchange.requestMethod,
                exchange.requestHeaders.getFirst("Idempotency-Key"),
                exchange.requestHeaders.getFirst("Authorization"),
                exchange.requestHeaders.getFirst("User-Agent"),
            )
            handler(attempts.incrementAndGet(), exchange)
            exchange.close()
        }
        server.executor = Executors.newCachedThreadPool()
        server.start()
    }

    private fun HttpExchange.answer(status: Int, body: String, contentType: String = "application/json", headers: Map<String, String> = emptyMap()) {
        responseHeaders.add("Content-Type", contentType)
        responseHeaders.add("Request-Id", "req_test_$status")
        headers.forEach { (name, value) -> responseHeaders.add(name, value) }
        val bytes = body.toByteArray()
        sendResponseHeaders(status, bytes.size.toLong())
        responseBody.write(bytes)
    }

    private fun problem(status: Int, code: String) =
        """{"type":"https://docs.skin-analysis.dev/errors#$code","title":"t","status":$status,"detail":"d","code":"$code","request_id":"req_body","errors":[]}"""

    private fun client(maxRetries: Int = 2, timeoutMillis: Long = 5_000) = SkinAnalysisClient(
        ClientOptions(
            apiKey = "sk_test_key",
            baseUrl = baseUrl,
            maxRetries = maxRetries,
            timeout = timeoutMillis.milliseconds,
            initialRetryDelay = 10.milliseconds,
            maxRetryDelay = 50.milliseconds,
        ),
    )

    @AfterEach
    fun stop() = server.stop(0)

    @Test
    fun `a POST answered 503 then 201 is retried with the same idempotency key, the key and the User-Agent`() = runBlocking<Unit> {
        val scanJson = """{"scan_id":"scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E","status":"processing","user_id":null,"skin_score":null,"markers":{},"spots":[],
            |"created_at":"2026-01-01T00:00:00.000Z","completed_at":null,"model":null,"image":{"width":600,"height":600,"format":"jpeg"},
            |"face":null,"quality":null,"error":null,"lesion_counts":null,"skin_tone":null,"skin_type":null,"region_results":{},"added_later":{"ignored":true}}""".trimMargin()
        serve { attempt, exchange -> if (attempt < 3) exchange.answer(503, problem(503, "internal_error"), "application/problem+json") else exchange.answer(202, scanJson) }

        val scan = client().use { it.scans.create(byteArrayOf(-1, -40, -1, 0), wait = ScanWait.Async) }

        assertEquals("scan_01JD3Q8Z5X9V4N2M7K6H5G4F3E", scan.scanId)
        assertEquals(3, seen.size)
        assertEquals(1, seen.map { it.idempotencyKey }.toSet().size)
        assertTrue(seen.first().idempotencyKey!!.isNotBlank())
        assertTrue(seen.all { it.authorization == "Bearer sk_test_key" })
        assertTrue(seen.first().userAgent!!.matches(Regex("""skin-analysis-kotlin/0\.1\.0 \(Java [^;]+; okhttp/4\.\d+\.\d+\)""")), seen.first().userAgent)
    }

    @Test
    fun `5xx on every attempt ends in a ServerException with the problem, after maxRetries retries`() = runBlocking<Unit> {
        serve { _, exchange -> exchange.answer(500, problem(500, "internal_error"), "application/problem+json") }
        val failure = assertThrows<ServerException> { runBlocking { client(maxRetries = 2).use { it.markers.list() } } }
        assertEquals(500, failure.status)
        assertEquals(ErrorCode.INTERNAL_ERROR, failure.code)
        assertEquals("req_body", failure.requestId)
        assertEquals(3, seen.size)
    }

    @Test
    fun `a 4xx other than 429 is not retried`() = runBlocking<Unit> {
        serve { _, exchange -> exchange.answer(400, problem(400, "invalid_request"), "application/problem+json") }
        assertThrows<InvalidRequestException> { runBlocking { client().use { it.scans.listPage(limit = 1000) } } }
        assertEquals(1, seen.size)
    }

    @Test
    fun `a 429 is retried after its Retry-After`() = runBlocking<Unit> {
        serve { attempt, exchange ->
            if (attempt == 1) exchange.answer(429, problem(429, "rate_limited"), "application/problem+json", mapOf("Retry-After" to "1"))
            else exchange.answer(200, """{"data":[]}""")
        }
        val started = System.nanoTime()
        assertEquals(emptyList(), client().use { it.markers.list() }.data)
        assertTrue((System.nanoTime() - started) / 1_000_000 >= 1_000, "retried before Retry-After")
        assertEquals(2, seen.size)
    }

    @Test
    fun `a refused connection is retried and then a ConnectionException`() = runBlocking<Unit> {
        val port = ServerSocket(0, 1, InetAddress.getLoopbackAddress()).use { it.localPort }
        val started = System.nanoTime()
        val failure = assertThrows<ConnectionException> {
            runBlocking { SkinAnalysisClient(ClientOptions(apiKey = "sk_test_key", baseUrl = "http://127.0.0.1:$port", initialRetryDelay = 100.milliseconds)).use { it.markers.list() } }
        }
        assertTrue(failure.message!!.contains("127.0.0.1:$port"))
        // Two backoffs of 50-100 ms and 100-200 ms happened before giving up.
        assertTrue((System.nanoTime() - started) / 1_000_000 >= 150)
    }

    @Test
    fun `an answer slower than the timeout is a TimeoutException after the retries`() = runBlocking<Unit> {
        serve { _, exchange -> Thread.sleep(1_500); runCatching { exchange.answer(200, """{"data":[]}""") } }
        assertThrows<TimeoutException> { runBlocking { client(maxRetries = 1, timeoutMillis = 300).use { it.markers.list() } } }
        Thread.sleep(100)
        assertEquals(2, seen.size)
    }

    @Test
    fun `errors map by code first, then by status, and non-problem bodies still map`() {
        fun map(status: Int, code: String?, body: String = "") =
            ErrorMapping.toException(status, code?.let { SkinJson.decodeFromString(Problem.serializer(), problem(status, it)) }, body, "req_h", null)

        // An idempotency mismatch answered 422 (as a later API version may) stays a conflict.
        assertIs<ConflictException>(map(422, "idempotency_conflict"))
        assertIs<ConflictException>(map(422, "idempotency_key_mismatch"))
        // A quality code added later is still an unprocessable photo, with its code.
        val newCheck = assertIs<UnprocessablePhotoException>(map(422, "too_grainy"))
        assertEquals("too_grainy", newCheck.qualityCode)
        assertEquals(false, newCheck.code!!.isKnown)
        assertIs<InvalidRequestException>(map(413, "payload_too_large"))
        assertIs<InvalidRequestException>(map(415, "unsupported_media_type"))
        val proxy = assertIs<ServerException>(map(502, null, "<html>Bad gateway</html>"))
        assertEquals(null, proxy.code)
        assertEquals("req_h", proxy.requestId)
        assertIs<RateLimitException>(map(429, null))
    }

    @Test
    fun `backoff doubles with jitter up to the cap, and Retry-After reads seconds and HTTP dates`() {
        val policy = RetryPolicy(ClientOptions(apiKey = "k", baseUrl = "http://x", initialRetryDelay = 500.milliseconds, maxRetryDelay = 8.seconds), Random(42))
        repeat(50) {
            assertTrue(policy.delayBefore(0, null) in 250.milliseconds..500.milliseconds)
            assertTrue(policy.delayBefore(2, null) in 1.seconds..2.seconds)
            assertTrue(policy.delayBefore(10, null) in 4.seconds..8.seconds)
            assertTrue(policy.delayBefore(0, 3.seconds) in 3.seconds..3300.milliseconds)
        }
        assertEquals(7.seconds, RetryPolicy.parseRetryAfter("7"))
        assertEquals(null, RetryPolicy.parseRetryAfter("soon"))
        assertEquals(30.seconds, RetryPolicy.parseRetryAfter("Thu, 01 Jan 2026 00:00:30 GMT", nowMillis = 1_767_225_600_000))
        assertTrue(policy.isRetryableStatus(503) && policy.isRetryableStatus(429) && !policy.isRetryableStatus(501) && !policy.isRetryableStatus(404))
    }
}
