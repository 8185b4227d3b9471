package dev.skinanalysis.internal

import dev.skinanalysis.ClientOptions
import java.text.SimpleDateFormat
import java.util.Locale
import java.util.TimeZone
import kotlin.math.min
import kotlin.random.Random
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds
import kotlin.time.Duration.Companion.seconds

/** When to retry and how long to wait: exponential backoff with jitter, or the server's `Retry-After`. */
internal class RetryPolicy(private val options: ClientOptions, private val random: Random = Random.Default) {
    val maxRetries: Int get() = options.maxRetries

    /** True for the statuses worth another attempt: 408, 429 and every 5xx but 501 (not implemented stays so). */
    fun isRetryableStatus(status: Int): Boolean = status == 408 || status == 429 || (status >= 500 && status != 501)

    /**
     * The wait before retry number [retry] (0 for the first). A `Retry-After` within [ClientOptions.maxRetryAfter]
     * is honoured (plus up to 10 % jitter so clients refused together do not return together); otherwise the
     * backoff doubles from [ClientOptions.initialRetryDelay] up to [ClientOptions.maxRetryDelay], and "equal
     * jitter" keeps it between half and all of that.
     */
    fun delayBefore(retry: Int, retryAfter: Duration?): Duration {
        if (retryAfter != null) {
            val jitter = (retryAfter.inWholeMilliseconds * 0.1 * random.nextDouble()).toLong().milliseconds
            return retryAfter + jitter
        }
        val exponential = options.initialRetryDelay.inWholeMilliseconds.toDouble() * (1L shl min(retry, 16))
        val capped = min(exponential, options.maxRetryDelay.inWholeMilliseconds.toDouble())
        return (capped / 2 + random.nextDouble() * capped / 2).toLong().milliseconds
    }

    /** Whether a `Retry-After` is short enough to wait for. */
    fun acceptsRetryAfter(retryAfter: Duration?): Boolean = retryAfter == null || retryAfter <= options.maxRetryAfter

    companion object {
        /**
         * `Retry-After` as delta-seconds (what this API sends) or as an HTTP date (RFC 9110), read with
         * SimpleDateFormat because java.time needs Android API 26.
         */
        fun parseRetryAfter(header: String?, nowMillis: Long = System.currentTimeMillis()): Duration? {
            val value = header?.trim()?.takeIf { it.isNotEmpty() } ?: return null
            value.toLongOrNull()?.let { return if (it >= 0) it.seconds else null }
            val date = runCatching {
                SimpleDateFormat("EEE, dd MMM yyyy HH:mm:ss zzz", Locale.US).apply { timeZone = TimeZone.getTimeZone("GMT") }.parse(value)
            }.getOrNull() ?: return null
            return (date.time - nowMillis).coerceAtLeast(0).milliseconds
        }
    }
}
