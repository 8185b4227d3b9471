package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable
import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.contentOrNull
import kotlinx.serialization.json.jsonObject

/**
 * An event the service POSTs to a webhook endpoint, as returned by [dev.skinanalysis.webhooks.Webhooks.verify].
 * The JSON member `event` selects the subclass; an event type this version does not know is [Unknown], with its
 * body, so a receiver can acknowledge it instead of failing.
 */
public sealed class WebhookEvent {
    /** The event type, e.g. `scan.completed`. */
    public abstract val type: String

    @Serializable
    public data class ScanCompleted(
        @SerialName("scan_id") val scanId: String,
        @SerialName("user_id") val userId: String?,
        @SerialName("skin_score") val skinScore: Int,
        val timestamp: String,
        val markers: Map<MarkerName, MarkerResult>,
    ) : WebhookEvent() {
        override val type: String get() = TYPE
        public companion object { public const val TYPE: String = "scan.completed" }
    }

    @Serializable
    public data class ScanFailed(
        @SerialName("scan_id") val scanId: String,
        @SerialName("user_id") val userId: String?,
        val error: ScanError,
        val timestamp: String,
    ) : WebhookEvent() {
        override val type: String get() = TYPE
        public companion object { public const val TYPE: String = "scan.failed" }
    }

    @Serializable
    public data class RoutineGenerated(
        @SerialName("routine_id") val routineId: String,
        @SerialName("scan_id") val scanId: String?,
        @SerialName("user_id") val userId: String?,
        val timestamp: String,
    ) : WebhookEvent() {
        override val type: String get() = TYPE
        public companion object { public const val TYPE: String = "routine.generated" }
    }

    @Serializable
    public data class ScoreUpdated(
        @SerialName("user_id") val userId: String,
        @SerialName("skin_score") val skinScore: Int,
        @SerialName("previous_skin_score") val previousSkinScore: Int?,
        @SerialName("scan_id") val scanId: String,
        val timestamp: String,
    ) : WebhookEvent() {
        override val type: String get() = TYPE
        public companion object { public const val TYPE: String = "score.updated" }
    }

    /** Sent by `skin webhooks test` to check an endpoint. */
    @Serializable
    public data class WebhookTest(
        @SerialName("endpoint_id") val endpointId: String,
        val message: String,
        val timestamp: String,
    ) : WebhookEvent() {
        override val type: String get() = TYPE
        public companion object { public const val TYPE: String = "webhook.test" }
    }

    /** An event type added after this library version; [body] is the whole JSON object. */
    public data class Unknown(override val type: String, val body: JsonObject) : WebhookEvent()

    public companion object {
        /** Parses an event body (already verified). */
        @JvmStatic
        public fun parse(json: Json, body: String): WebhookEvent {
            val element = json.parseToJsonElement(body).jsonObject
            val type = (element["event"] as? JsonPrimitive)?.contentOrNull
                ?: throw IllegalArgumentException("webhook body has no \"event\" member")
            val fields = JsonObject(element - "event")
            return when (type) {
                ScanCompleted.TYPE -> json.decodeFromJsonElement(ScanCompleted.serializer(), fields)
                ScanFailed.TYPE -> json.decodeFromJsonElement(ScanFailed.serializer(), fields)
                RoutineGenerated.TYPE -> json.decodeFromJsonElement(RoutineGenerated.serializer(), fields)
                ScoreUpdated.TYPE -> json.decodeFromJsonElement(ScoreUpdated.serializer(), fields)
                WebhookTest.TYPE -> json.decodeFromJsonElement(WebhookTest.serializer(), fields)
                else -> Unknown(type, element)
            }
        }
    }
}
