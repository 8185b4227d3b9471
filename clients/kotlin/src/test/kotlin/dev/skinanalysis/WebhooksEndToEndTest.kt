package dev.skinanalysis

import com.sun.net.httpserver.HttpServer
import dev.skinanalysis.errors.WebhookVerificationException
import dev.skinanalysis.models.MarkerName
import dev.skinanalysis.models.WebhookEvent
import dev.skinanalysis.support.LocalStack
import dev.skinanalysis.support.LocalStackExtension
import dev.skinanalysis.support.Photos
import dev.skinanalysis.webhooks.Webhooks
import kotlinx.coroutines.runBlocking
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.extension.ExtendWith
import java.net.InetAddress
import java.net.InetSocketAddress
import java.nio.file.Files
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue

/** The service's real webhook worker delivers to a receiver in this test, and the client verifies each delivery. */
@ExtendWith(LocalStackExtension::class)
class WebhooksEndToEndTest(private val stack: LocalStack) {
    private class Delivery(val headers: Map<String, String>, val body: ByteArray)

    @Test
    fun `a completed scan is delivered as scan-completed and score-updated, both verify with the endpoint's secret`() = runBlocking<Unit> {
        val deliveries = LinkedBlockingQueue<Delivery>()
        val receiver = HttpServer.create(InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0)
        receiver.createContext("/hooks") { exchange ->
            val headers = exchange.requestHeaders.entries.associate { (name, values) -> name to values.joinToString(",") }
            deliveries += Delivery(headers, exchange.requestBody.readBytes())
            exchange.sendResponseHeaders(204, -1)
            exchange.close()
        }
        receiver.start()
        try {
            val account = stack.newAccountKey("enterprise", limit = 1000)
            val endpoint = stack.skinJson(
                "webhooks", "add", "http://127.0.0.1:${receiver.address.port}/hooks",
                "--account", account.accountId, "--events", "scan.completed,score.updated",
            )
            val secret = endpoint["secret"]!!.jsonPrimitive.content
            val user = "kt-hook-${System.nanoTime()}"
            val scan = SkinAnalysisClient(apiKey = account.key, baseUrl = stack.apiUrl).use { client ->
                client.scans.create(Photos.sharedFrontalFace, markers = listOf(MarkerName.ACNE), userId = user)
            }

            val events = (1..2).map {
                val delivery = assertNotNull(deliveries.poll(60, TimeUnit.SECONDS), "no delivery within 60 s")
                delivery to Webhooks.verify(delivery.body, delivery.headers, secret)
            }
            val completed = events.map { it.second }.filterIsInstance<WebhookEvent.ScanCompleted>().single()
            assertEquals(scan.scanId, completed.scanId)
            assertEquals(user, completed.userId)
            assertEquals(scan.skinScore, completed.skinScore)
            assertEquals(scan.markers, completed.markers)
            val scored = events.map { it.second }.filterIsInstance<WebhookEvent.ScoreUpdated>().single()
            assertEquals(Triple(user, scan.scanId, null), Triple(scored.userId, scored.scanId, scored.previousSkinScore))
            assertEquals(scan.skinScore, scored.skinScore)

            // The same delivery with one byte changed, or checked with another secret, is refused.
            val (delivery, _) = events.first()
            val tampered = delivery.body.copyOf().also { it[it.size - 2] = if (it[it.size - 2] == '0'.code.toByte()) '1'.code.toByte() else '0'.code.toByte() }
            assertEquals("no_matching_signature", assertThrows<WebhookVerificationException> { Webhooks.verify(tampered, delivery.headers, secret) }.reason)
            val otherSecret = "whsec_" + okio.ByteString.of(*ByteArray(32) { 1 }).base64()
            assertEquals("no_matching_signature", assertThrows<WebhookVerificationException> { Webhooks.verify(delivery.body, delivery.headers, otherSecret) }.reason)
            assertTrue(delivery.headers.keys.any { it.equals("webhook-id", ignoreCase = true) })
        } finally {
            receiver.stop(0)
        }
    }
}
