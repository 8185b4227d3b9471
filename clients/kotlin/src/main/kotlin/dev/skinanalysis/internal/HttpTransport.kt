package dev.skinanalysis.internal

import dev.skinanalysis.ClientOptions
import dev.skinanalysis.errors.ApiException
import dev.skinanalysis.errors.ConnectionException
import dev.skinanalysis.errors.ErrorMapping
import dev.skinanalysis.errors.SkinAnalysisException
import dev.skinanalysis.errors.TimeoutException
import dev.skinanalysis.models.Problem
import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.delay
import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.json.Json
import okhttp3.Headers
import okhttp3.HttpUrl
import okhttp3.HttpUrl.Companion.toHttpUrl
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody
import java.io.IOException
import java.io.InterruptedIOException
import java.net.SocketTimeoutException
import java.util.UUID
import java.util.concurrent.TimeUnit

/** One HTTP request as the resources describe it; the transport adds authentication, retries and headers. */
internal class ApiRequest(
    val method: String,
    val path: List<String>,
    val query: Map<String, String?> = emptyMap(),
    val body: RequestBody? = null,
    val headers: Map<String, String> = emptyMap(),
    /** Sent as `Idempotency-Key` on every attempt of this call, so a retried POST never does the work twice. */
    val idempotencyKey: String? = null,
)

/** A successful answer, read whole. */
internal class ApiResponse(val status: Int, val headers: Headers, val body: ByteArray) {
    fun text(): String = body.toString(Charsets.UTF_8)
}

/**
 * Sends [ApiRequest]s: bearer key, `User-Agent`, timeouts, retries on connection errors, timeouts, 429 and 5xx with
 * backoff and jitter (honouring `Retry-After`), and one mapping of error answers to exceptions.
 */
internal class HttpTransport(private val options: ClientOptions, private val json: Json) : AutoCloseable {
    private val ownsClient = options.okHttpClient == null
    private val http: OkHttpClient = (options.okHttpClient?.newBuilder() ?: OkHttpClient.Builder())
        .callTimeout(options.timeout.inWholeMilliseconds, TimeUnit.MILLISECONDS)
        .readTimeout(options.timeout.inWholeMilliseconds, TimeUnit.MILLISECONDS)
        .writeTimeout(options.timeout.inWholeMilliseconds, TimeUnit.MILLISECONDS)
        .connectTimeout(options.connectTimeout.inWholeMilliseconds, TimeUnit.MILLISECONDS)
        // The library retries itself, with the same idempotency key; OkHttp's silent retry would hide attempts.
        .retryOnConnectionFailure(false)
        .build()
    private val baseUrl: HttpUrl = options.baseUrl.trimEnd('/').plus('/').toHttpUrl()
    private val retryPolicy = RetryPolicy(options)

    suspend fun <T> execute(request: ApiRequest, decoder: DeserializationStrategy<T>): T =
        json.decodeFromString(decoder, send(request).text())

    suspend fun send(request: ApiRequest): ApiResponse = sendBuilt(build(request))

    private suspend fun sendBuilt(httpRequest: Request): ApiResponse {
        var retry = 0
        while (true) {
            val outcome = attempt(httpRequest)
            val failure = outcome.failure ?: return outcome.response!!
            val canRetry = retry < retryPolicy.maxRetries && when (failure) {
                is ApiException -> retryPolicy.isRetryableStatus(failure.status) && retryPolicy.acceptsRetryAfter(outcome.retryAfter)
                is ConnectionException, is TimeoutException -> true
                else -> false
            }
            if (!canRetry) throw failure
            delay(retryPolicy.delayBefore(retry, outcome.retryAfter))
            retry++
        }
    }

    /**
     * A POST to a presigned storage URL (direct uploads): no API key, no User-Agent of ours needed, the same
     * retries. The presigned POST writes one fixed object key, so a retry cannot store the photo twice.
     */
    suspend fun sendToStorage(url: String, body: RequestBody): ApiResponse =
        sendBuilt(Request.Builder().url(url.toHttpUrl()).post(body).header("User-Agent", LibraryVersion.userAgent).build())

    private class Outcome(val response: ApiResponse?, val failure: SkinAnalysisException?, val retryAfter: kotlin.time.Duration? = null)

    private suspend fun attempt(request: Request): Outcome {
        val response = try {
            http.newCall(request).await()
        } catch (cancelled: CancellationException) {
            throw cancelled
        } catch (timeout: SocketTimeoutException) {
            return Outcome(null, TimeoutException("no answer from ${request.url.redact()} within ${options.timeout}", timeout))
        } catch (timeout: InterruptedIOException) {
            // OkHttp's call timeout surfaces as InterruptedIOException("timeout").
            return Outcome(null, TimeoutException("no answer from ${request.url.redact()} within ${options.timeout}", timeout))
        } catch (io: IOException) {
            return Outcome(null, ConnectionException("cannot reach ${request.url.redact()}: ${io.message ?: io.javaClass.simpleName}", io))
        }
        return response.use {
            val body = try {
                it.body?.bytes() ?: ByteArray(0)
            } catch (io: IOException) {
                return Outcome(null, ConnectionException("the answer from ${request.url.redact()} broke off: ${io.message}", io))
            }
            if (it.isSuccessful) {
                Outcome(ApiResponse(it.code, it.headers, body), null)
            } else {
                val text = body.toString(Charsets.UTF_8)
                val retryAfter = RetryPolicy.parseRetryAfter(it.header("Retry-After"))
                val problem = runCatching { json.decodeFromString(Problem.serializer(), text) }.getOrNull()
                Outcome(null, ErrorMapping.toException(it.code, problem, text, it.header("Request-Id"), retryAfter), retryAfter)
            }
        }
    }

    private fun build(request: ApiRequest): Request {
        val url = baseUrl.newBuilder().apply {
            request.path.forEach { addPathSegment(it) }
            request.query.forEach { (name, value) -> if (value != null) addQueryParameter(name, value) }
        }.build()
        return Request.Builder()
            .url(url)
            .method(request.method, request.body)
            .header("Authorization", "Bearer ${options.apiKey}")
            .header("User-Agent", LibraryVersion.userAgent)
            .header("Accept", "application/json, application/problem+json")
            .apply {
                request.idempotencyKey?.let { header("Idempotency-Key", it) }
                request.headers.forEach { (name, value) -> header(name, value) }
            }
            .build()
    }

    /** The URL without its query, for messages (a query may carry a user id). */
    private fun HttpUrl.redact(): String = newBuilder().query(null).build().toString()

    override fun close() {
        if (ownsClient) {
            http.dispatcher.executorService.shutdown()
            http.connectionPool.evictAll()
        }
    }

    companion object {
        fun newIdempotencyKey(): String = UUID.randomUUID().toString()
    }
}
