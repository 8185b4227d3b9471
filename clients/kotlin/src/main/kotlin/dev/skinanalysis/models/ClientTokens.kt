package dev.skinanalysis.models

import kotlinx.serialization.SerialName
import kotlinx.serialization.Serializable

/**
 * `POST /v1/client_tokens` (with a secret key, on your back end): a short-lived token for one of your users that
 * your app then uses instead of a key. [scopes] defaults to all three; [expiresIn] is in seconds (60 to 86400,
 * default 900).
 */
@Serializable
public data class ClientTokenRequest(
    @SerialName("user_id") val userId: String,
    val scopes: List<ClientTokenScope>? = null,
    @SerialName("expires_in") val expiresIn: Int? = null,
)

/** A client token: [token] (`ct_test_…`/`ct_live_…`) is shown once; hand it to the app. */
@Serializable
public data class ClientToken(
    val token: String,
    @SerialName("token_id") val tokenId: String,
    @SerialName("user_id") val userId: String,
    val scopes: List<ClientTokenScope>,
    val environment: Environment,
    @SerialName("created_at") val createdAt: String,
    @SerialName("expires_at") val expiresAt: String,
) {
    /** Hides the token, so logging the object never leaks it. */
    override fun toString(): String =
        "ClientToken(token=${token.take(8)}…, tokenId=$tokenId, userId=$userId, scopes=$scopes, environment=$environment, " +
            "createdAt=$createdAt, expiresAt=$expiresAt)"
}
