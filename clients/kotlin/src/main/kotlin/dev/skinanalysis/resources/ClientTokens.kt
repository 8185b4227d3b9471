package dev.skinanalysis.resources

import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.SkinJson
import dev.skinanalysis.models.ClientToken
import dev.skinanalysis.models.ClientTokenRequest
import okhttp3.RequestBody.Companion.toRequestBody

/**
 * `/v1/client_tokens`: on your back end, with a secret key, mint a token that lets an app act for one user
 * (scan, read that user's scans and score) without shipping a key in the app.
 */
public class ClientTokens internal constructor(private val transport: HttpTransport) {
    /** `POST /v1/client_tokens` (scope `client_tokens:write`). */
    public suspend fun create(request: ClientTokenRequest): ClientToken =
        transport.execute(
            ApiRequest(
                "POST",
                listOf("v1", "client_tokens"),
                body = SkinJson.encodeToString(ClientTokenRequest.serializer(), request).toRequestBody(Ingredients.JSON),
            ),
            ClientToken.serializer(),
        )

    /** [create] for [userId] with the default scopes and lifetime (15 minutes). */
    public suspend fun create(userId: String): ClientToken = create(ClientTokenRequest(userId))
}
