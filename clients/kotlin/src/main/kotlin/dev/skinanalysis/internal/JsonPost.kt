package dev.skinanalysis.internal

import kotlinx.serialization.SerializationStrategy
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.RequestBody.Companion.toRequestBody

private val JSON_MEDIA_TYPE = "application/json".toMediaType()

/**
 * A `POST` of [body] as JSON (encoded with [SkinJson]) to [path]: the one way every resource sends a JSON body.
 * [headers] and [idempotencyKey] as in [ApiRequest].
 */
internal fun <T> jsonPost(
    path: List<String>,
    serializer: SerializationStrategy<T>,
    body: T,
    headers: Map<String, String> = emptyMap(),
    idempotencyKey: String? = null,
): ApiRequest = ApiRequest(
    method = "POST",
    path = path,
    body = SkinJson.encodeToString(serializer, body).toRequestBody(JSON_MEDIA_TYPE),
    headers = headers,
    idempotencyKey = idempotencyKey,
)
