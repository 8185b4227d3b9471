package dev.skinanalysis

import dev.skinanalysis.errors.WebhookVerificationException
import dev.skinanalysis.models.WebhookEvent
import dev.skinanalysis.support.RepoPaths
import dev.skinanalysis.webhooks.Webhooks
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.boolean
import kotlinx.serialization.json.contentOrNull
import kotlinx.serialization.json.jsonArray
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import kotlinx.serialization.json.long
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import kotlin.test.assertEquals
import kotlin.test.assertIs
import kotlin.test.assertTrue
import kotlin.test.fail

/**
 * The shared vectors (clients/webhook-vectors/webhooks.json, signed by the service's own signer and verified by
 * the TypeScript and Python clients too): every verdict must be the same here, at each vector's clock.
 */
class WebhookVectorsTest {
    private val vectors: List<JsonObject> =
        Json.parseToJsonElement(RepoPaths.webhookVectors.readText()).jsonObject["vectors"]!!.jsonArray.map { it.jsonObject }

    @Test
    fun `the vectors file holds valid and invalid deliveries of every refusal reason`() {
        assertTrue(vectors.size >= 20, "only ${vectors.size} vectors")
        val reasons = vectors.mapNotNull { it["error"]?.jsonPrimitive?.contentOrNull }.toSet()
        assertEquals(setOf("missing_header", "invalid_timestamp", "timestamp_too_old", "timestamp_too_new", "no_matching_signature"), reasons)
        assertTrue(vectors.any { it["valid"]!!.jsonPrimitive.boolean })
    }

    @TestFactory
    fun `every shared vector gets its verdict`(): List<DynamicTest> = vectors.map { vector ->
        DynamicTest.dynamicTest(vector["name"]!!.jsonPrimitive.content) {
            val body = vector["body"]!!.jsonPrimitive.content
            val headers = vector["headers"]!!.jsonObject.mapValues { it.value.jsonPrimitive.content }
            val secret = vector["secret"]!!.jsonPrimitive.content
            val now = vector["now"]!!.jsonPrimitive.long
            val tolerance = vector["tolerance_seconds"]!!.jsonPrimitive.long
            val verdict = runCatching { Webhooks.verify(body, headers, secret, toleranceSeconds = tolerance, nowSeconds = now) }
            if (vector["valid"]!!.jsonPrimitive.boolean) {
                val event = verdict.getOrElse { fail("refused a valid delivery: $it") }
                assertTrue(event !is WebhookEvent.Unknown, "a known event type decoded as $event")
                assertEquals(Json.parseToJsonElement(body).jsonObject["event"]!!.jsonPrimitive.content, event.type)
            } else {
                val error = assertIs<WebhookVerificationException>(verdict.exceptionOrNull(), "accepted an invalid delivery")
                assertEquals(vector["error"]!!.jsonPrimitive.content, error.reason)
            }
        }
    }

    @Test
    fun `headers are matched whatever their case, and an unknown event type still verifies as Unknown`() {
        val secret = "whsec_" + okio.ByteString.of(*ByteArray(32) { 7 }).base64()
        val body = """{"event":"scan.archived","scan_id":"scan_x","timestamp":"2026-01-01T00:00:00.000Z"}"""
        val signature = Webhooks.sign("evt_1", 1_767_225_600, body.toByteArray(), secret)
        val event = Webhooks.verify(
            body,
            mapOf("Webhook-Id" to "evt_1", "WEBHOOK-TIMESTAMP" to "1767225600", "webhook-signature" to signature),
            secret,
            nowSeconds = 1_767_225_600,
        )
        val unknown = assertIs<WebhookEvent.Unknown>(event)
        assertEquals("scan.archived", unknown.type)
        assertEquals("scan_x", unknown.body["scan_id"]!!.jsonPrimitive.content)
    }
}
