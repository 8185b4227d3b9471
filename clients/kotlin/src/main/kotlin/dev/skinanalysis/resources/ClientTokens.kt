package dev.skinanalysis.resources

import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.internal.jsonPost
import dev.skinanalysis.models.ClientToken
import dev.skinanalysis.models.ClientTokenRequest

/**
 * `/v1/client_tokens`: on your back end, with a secret key, mint a token that lets an app act for one user
 * (scan, read that user's scans and score) without shipping a key in the app.
 */
public class ClientTokens internal constructor(private val transport: HttpTransport) {
    /** `POST /v1/client_tokens` (scope `client_tokens:write`). */
    public suspend fun create(request: ClientTokenRequest): ClientToken =
        transport.execute(jsonPost(listOf("v1", "client_tokens"), ClientTokenRequest.serializer(), request), ClientToken.serializer())

    /** [create] for [userId] with the default scopes and lifetime (15 minutes). */
    public suspend fun create(userId: String): ClientToken = create(ClientTokenRequest(userId))
}
