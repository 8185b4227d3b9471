package dev.skinanalysis

import dev.skinanalysis.blocking.BlockingSkinAnalysisClient
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.SkinJson
import dev.skinanalysis.resources.ClientTokens
import dev.skinanalysis.resources.Ingredients
import dev.skinanalysis.resources.Markers
import dev.skinanalysis.resources.Routines
import dev.skinanalysis.resources.Scans
import dev.skinanalysis.resources.Uploads
import dev.skinanalysis.resources.Users
import okhttp3.OkHttpClient
import java.io.Closeable
import java.util.concurrent.TimeUnit
import kotlin.time.Duration
import kotlin.time.Duration.Companion.milliseconds

/**
 * The Skin Analysis API client. Kotlin: `suspend` functions on the resources ([scans], [markers], [ingredients],
 * [routines], [users], [clientTokens], [uploads]). Java: [blocking] has the same operations as plain blocking calls.
 *
 * [ClientOptions.apiKey] is a secret key (`sk_…`) on a server, or a client token (`ct_…`, minted by your back end
 * with [clientTokens]) in an app.
 *
 * ```kotlin
 * val client = SkinAnalysisClient(apiKey = System.getenv("SKIN_API_KEY"), baseUrl = "http://127.0.0.1:3000")
 * val scan = client.scans.create(File("face.jpg"), markers = listOf(MarkerName.ACNE))
 * ```
 *
 * One client per app: it holds OkHttp's connection pool. [close] releases it (unless you passed your own
 * OkHttpClient).
 */
public class SkinAnalysisClient(public val options: ClientOptions) : Closeable {
    /** Named arguments for the common settings; [ClientOptions] has the rest. */
    public constructor(
        apiKey: String,
        baseUrl: String,
        maxRetries: Int = 2,
        timeout: Duration = ClientOptions.DEFAULT_TIMEOUT,
        okHttpClient: OkHttpClient? = null,
    ) : this(ClientOptions(apiKey = apiKey, baseUrl = baseUrl, maxRetries = maxRetries, timeout = timeout, okHttpClient = okHttpClient))

    private val transport = HttpTransport(options, SkinJson)

    public val scans: Scans = Scans(transport)
    public val markers: Markers = Markers(transport)
    public val ingredients: Ingredients = Ingredients(transport)
    public val routines: Routines = Routines(transport)
    public val users: Users = Users(transport)
    public val clientTokens: ClientTokens = ClientTokens(transport)
    public val uploads: Uploads = Uploads(transport)

    /** The same operations as blocking calls, for Java and for code outside coroutines (never on Android's main thread). */
    @get:JvmName("blocking")
    public val blocking: BlockingSkinAnalysisClient by lazy { BlockingSkinAnalysisClient(this) }

    override fun close(): Unit = transport.close()

    /** A builder for Java callers: `SkinAnalysisClient.builder().apiKey(key).baseUrl(url).build()`. */
    public class Builder internal constructor() {
        private var apiKey: String? = null
        private var baseUrl: String? = null
        private var defaults = ClientOptions(apiKey = "-", baseUrl = "-")

        public fun apiKey(apiKey: String): Builder = apply { this.apiKey = apiKey }
        public fun baseUrl(baseUrl: String): Builder = apply { this.baseUrl = baseUrl }
        public fun maxRetries(maxRetries: Int): Builder = apply { defaults = defaults.copy(maxRetries = maxRetries) }
        public fun timeout(amount: Long, unit: TimeUnit): Builder = apply { defaults = defaults.copy(timeout = unit.toMillis(amount).milliseconds) }
        public fun connectTimeout(amount: Long, unit: TimeUnit): Builder =
            apply { defaults = defaults.copy(connectTimeout = unit.toMillis(amount).milliseconds) }
        public fun initialRetryDelay(amount: Long, unit: TimeUnit): Builder =
            apply { defaults = defaults.copy(initialRetryDelay = unit.toMillis(amount).milliseconds) }
        public fun maxRetryDelay(amount: Long, unit: TimeUnit): Builder =
            apply { defaults = defaults.copy(maxRetryDelay = unit.toMillis(amount).milliseconds) }
        public fun maxRetryAfter(amount: Long, unit: TimeUnit): Builder =
            apply { defaults = defaults.copy(maxRetryAfter = unit.toMillis(amount).milliseconds) }
        public fun okHttpClient(client: OkHttpClient): Builder = apply { defaults = defaults.copy(okHttpClient = client) }

        public fun build(): SkinAnalysisClient = SkinAnalysisClient(
            defaults.copy(
                apiKey = requireNotNull(apiKey) { "apiKey is required" },
                baseUrl = requireNotNull(baseUrl) { "baseUrl is required" },
            ),
        )
    }

    public companion object {
        @JvmStatic public fun builder(): Builder = Builder()
    }
}
