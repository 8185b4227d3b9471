package dev.skinanalysis

import dev.skinanalysis.errors.RateLimitException
import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.ScanStatus
import dev.skinanalysis.support.LocalStack
import dev.skinanalysis.support.LocalStackExtension
import dev.skinanalysis.support.Photos
import kotlinx.coroutines.runBlocking
import okhttp3.Interceptor
import okhttp3.OkHttpClient
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.extension.ExtendWith
import java.nio.file.Files
import java.util.Collections
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

/** A 429 from the real rate limiter (a Sandbox account: 30 requests a minute) is waited out and retried. */
@ExtendWith(LocalStackExtension::class)
class RateLimitEndToEndTest(private val stack: LocalStack) {
    private data class Attempt(val status: Int, val idempotencyKey: String?, val userAgent: String?)

    @Test
    fun `a scan refused with 429 is retried after Retry-After with the same idempotency key and completes`() = runBlocking<Unit> {
        val account = stack.newAccountKey("sandbox")
        val noRetries = SkinAnalysisClient(apiKey = account.key, baseUrl = stack.apiUrl, maxRetries = 0)
        val attempts = Collections.synchronizedList(mutableListOf<Attempt>())
        val recording = OkHttpClient.Builder().addNetworkInterceptor(Interceptor { chain ->
            chain.proceed(chain.request()).also { response ->
                attempts += Attempt(response.code, chain.request().header("Idempotency-Key"), chain.request().header("User-Agent"))
            }
        }).build()
        val retrying = SkinAnalysisClient(
            ClientOptions(apiKey = account.key, baseUrl = stack.apiUrl, maxRetries = 3, maxRetryAfter = 75.seconds, okHttpClient = recording),
        )
        val face = Photos.sharedFrontalFace

        // Use up the window; the refusal that ends it says how long the window has left.
        val refusal = exhaustWindow(noRetries)
        assertEquals(429, refusal.status)
        assertEquals(ErrorCode.RATE_LIMITED, refusal.code)
        assertTrue(refusal.retryAfter!! in 2.seconds..60.seconds, "Retry-After ${refusal.retryAfter}")

        val scan = retrying.scans.create(face, userId = "kt-rate-limited")

        assertEquals(ScanStatus.Completed, scan.status)
        assertEquals(429, attempts.first().status)
        assertEquals(201, attempts.last().status)
        assertTrue(attempts.size in 2..4, "attempts: $attempts")
        assertEquals(1, attempts.map { it.idempotencyKey }.toSet().size, "one key for every attempt: $attempts")
        assertTrue(attempts.first().userAgent!!.startsWith("skin-analysis-kotlin/0.1.0 "), attempts.first().userAgent)

        // A Retry-After longer than the client accepts is not waited for.
        exhaustWindow(noRetries)
        SkinAnalysisClient(ClientOptions(apiKey = account.key, baseUrl = stack.apiUrl, maxRetryAfter = 0.seconds)).use { impatient ->
            val started = System.nanoTime()
            assertThrows<RateLimitException> { runBlocking { impatient.markers.list() } }
            assertTrue((System.nanoTime() - started) / 1_000_000 < 5_000)
        }
        noRetries.close()
        retrying.close()
    }

    /**
     * Calls until the limiter refuses, and returns that refusal. A refusal less than 2 s before the window ends is
     * waited out and the next window used up instead, so the caller's next request is refused too.
     */
    private suspend fun exhaustWindow(client: SkinAnalysisClient): RateLimitException {
        repeat(3) {
            var refusal: RateLimitException? = null
            for (call in 1..100) {
                refusal = runCatching { client.markers.list() }.exceptionOrNull() as? RateLimitException
                if (refusal != null) break
            }
            assertNotNull(refusal, "30 requests a minute, yet 100 calls were all admitted")
            val retryAfter = assertNotNull(refusal.retryAfter, "a 429 without Retry-After")
            if (retryAfter >= 2.seconds) return refusal
            Thread.sleep(retryAfter.inWholeMilliseconds + 1_000)
        }
        error("the window kept ending right after it was used up")
    }
}
