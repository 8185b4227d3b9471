package dev.skinanalysis.webhooks

import dev.skinanalysis.errors.WebhookVerificationException
import dev.skinanalysis.internal.SkinJson
import dev.skinanalysis.models.WebhookEvent
import okio.ByteString.Companion.decodeBase64
import okio.ByteString.Companion.toByteString
import java.security.MessageDigest
import javax.crypto.Mac
import javax.crypto.spec.SecretKeySpec

/**
 * Verifies webhook deliveries signed with the Standard Webhooks scheme (what the service sends) and parses them
 * into typed [WebhookEvent]s. Base64 goes through okio (java.util.Base64 needs Android API 26); HMAC-SHA256 through
 * javax.crypto, which Android has.
 *
 * ```kotlin
 * val event = Webhooks.verify(rawBody, headers, secret = "whsec_…")
 * when (event) { is WebhookEvent.ScanCompleted -> …; else -> Unit }
 * ```
 */
public object Webhooks {
    /** How far `webhook-timestamp` may be from the receiver's clock, either way (Standard Webhooks: 5 minutes). */
    public const val DEFAULT_TOLERANCE_SECONDS: Long = 300

    /**
     * Verifies and parses one delivery. [payload] must be the raw body exactly as received (re-serialised JSON
     * does not verify). [headers] are matched case-insensitively. [secret] is the endpoint's `whsec_…` secret
     * (the prefix may be left off). During a secret rotation the service signs with both secrets, so the old
     * and the new one both verify.
     *
     * @throws WebhookVerificationException with its [WebhookVerificationException.reason] when the delivery must
     *   be refused (answer it with 400).
     */
    @JvmStatic
    @JvmOverloads
    public fun verify(
        payload: String,
        headers: Map<String, String>,
        secret: String,
        toleranceSeconds: Long = DEFAULT_TOLERANCE_SECONDS,
        nowSeconds: Long = System.currentTimeMillis() / 1000,
    ): WebhookEvent {
        verifySignature(payload.toByteArray(Charsets.UTF_8), headers, secret, toleranceSeconds, nowSeconds)
        return WebhookEvent.parse(SkinJson, payload)
    }

    /** [verify] for a body held as bytes. */
    @JvmStatic
    @JvmOverloads
    public fun verify(
        payload: ByteArray,
        headers: Map<String, String>,
        secret: String,
        toleranceSeconds: Long = DEFAULT_TOLERANCE_SECONDS,
        nowSeconds: Long = System.currentTimeMillis() / 1000,
    ): WebhookEvent {
        verifySignature(payload, headers, secret, toleranceSeconds, nowSeconds)
        return WebhookEvent.parse(SkinJson, payload.toString(Charsets.UTF_8))
    }

    /** Only the signature and timestamp checks, without parsing the body. */
    @JvmStatic
    @JvmOverloads
    public fun verifySignature(
        payload: ByteArray,
        headers: Map<String, String>,
        secret: String,
        toleranceSeconds: Long = DEFAULT_TOLERANCE_SECONDS,
        nowSeconds: Long = System.currentTimeMillis() / 1000,
    ) {
        val byName = headers.entries.associate { it.key.lowercase() to it.value }
        val id = byName["webhook-id"]
        val timestampHeader = byName["webhook-timestamp"]
        val signatures = byName["webhook-signature"]
        if (id.isNullOrEmpty() || timestampHeader.isNullOrEmpty() || signatures.isNullOrEmpty()) {
            throw WebhookVerificationException("missing_header", "webhook-id, webhook-timestamp and webhook-signature are required")
        }
        val timestamp = timestampHeader.trim().toLongOrNull()
            ?: throw WebhookVerificationException("invalid_timestamp", "webhook-timestamp is not a number of seconds")
        if (timestamp < nowSeconds - toleranceSeconds) {
            throw WebhookVerificationException("timestamp_too_old", "webhook-timestamp is more than $toleranceSeconds s old")
        }
        if (timestamp > nowSeconds + toleranceSeconds) {
            throw WebhookVerificationException("timestamp_too_new", "webhook-timestamp is more than $toleranceSeconds s ahead")
        }
        val expected = hmac(secretKey(secret), "$id.$timestamp.".toByteArray(Charsets.UTF_8) + payload)
        val matched = signatures.split(' ').any { entry ->
            val (version, signature) = entry.split(',', limit = 2).let { if (it.size == 2) it[0] to it[1] else return@any false }
            version == "v1" && signature.decodeBase64()?.toByteArray()?.let { MessageDigest.isEqual(it, expected) } == true
        }
        if (!matched) throw WebhookVerificationException("no_matching_signature", "no v1 signature matches this secret")
    }

    private fun secretKey(secret: String): ByteArray {
        val encoded = secret.removePrefix("whsec_")
        return encoded.decodeBase64()?.toByteArray()
            ?: throw IllegalArgumentException("the webhook secret is not base64 (expected whsec_ followed by base64)")
    }

    private fun hmac(key: ByteArray, message: ByteArray): ByteArray =
        Mac.getInstance("HmacSHA256").run {
            init(SecretKeySpec(key, "HmacSHA256"))
            doFinal(message)
        }

    /** Standard Webhooks' signature of [payload], as the service computes it (for tests and for forwarding proxies). */
    @JvmStatic
    public fun sign(id: String, timestampSeconds: Long, payload: ByteArray, secret: String): String =
        "v1," + hmac(secretKey(secret), "$id.$timestampSeconds.".toByteArray(Charsets.UTF_8) + payload).toByteString().base64()
}
