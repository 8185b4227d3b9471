package dev.skinanalysis

import okhttp3.OkHttpClient
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

/**
 * How a [SkinAnalysisClient] talks to the API. Every value but [apiKey] and [baseUrl] has a default.
 *
 * @property baseUrl the API's root, e.g. `http://127.0.0.1:3000` locally or the deployed stack's `ApiUrl` output
 *   (which may end with a stage path such as `/prod/`).
 * @property maxRetries how many times a call is retried after a connection error, a timeout, a 429 or a 5xx.
 * @property timeout the longest one attempt may take, from connecting to reading the last byte. Longer than the
 *   API's 25-second `Prefer: wait` ceiling so a waiting scan is not cut off.
 * @property connectTimeout the longest connecting may take.
 * @property initialRetryDelay the first backoff; it doubles on each retry up to [maxRetryDelay], with jitter.
 * @property maxRetryAfter a 429 whose `Retry-After` is longer than this is not waited for: the call fails with
 *   [dev.skinanalysis.errors.RateLimitException] at once and the app decides.
 * @property okHttpClient a client to share connection pools, add interceptors or certificate pinning; the library
 *   derives its own from it (timeouts applied) and never shuts it down.
 */
public data class ClientOptions(
    val apiKey: String,
    val baseUrl: String,
    val maxRetries: Int = 2,
    val timeout: Duration = DEFAULT_TIMEOUT,
    val connectTimeout: Duration = 10.seconds,
    val initialRetryDelay: Duration = 500.milliseconds,
    val maxRetryDelay: Duration = 8.seconds,
    val maxRetryAfter: Duration = 60.seconds,
    val okHttpClient: OkHttpClient? = null,
) {
    init {
        require(apiKey.isNotBlank()) { "apiKey is empty: pass an sk_test_… or sk_live_… key" }
        require(maxRetries >= 0) { "maxRetries must be 0 or more" }
    }

    public companion object {
        /** The default of [timeout]. */
        public val DEFAULT_TIMEOUT: Duration = 60.seconds
    }

    /** Hides the key, so logging the options never leaks it. */
    override fun toString(): String =
        "ClientOptions(apiKey=${apiKey.take(8)}…, baseUrl=$baseUrl, maxRetries=$maxRetries, timeout=$timeout, " +
            "connectTimeout=$connectTimeout, initialRetryDelay=$initialRetryDelay, maxRetryDelay=$maxRetryDelay, maxRetryAfter=$maxRetryAfter)"
}
