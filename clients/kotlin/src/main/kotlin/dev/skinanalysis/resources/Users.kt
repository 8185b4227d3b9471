package dev.skinanalysis.resources

import dev.skinanalysis.internal.ApiRequest
import dev.skinanalysis.internal.HttpTransport
import dev.skinanalysis.models.UserScore

/** `/v1/users/{user_id}`: a user's score, and erasure of everything about them. */
public class Users internal constructor(private val transport: HttpTransport) {
    /** `GET /v1/users/{user_id}/score`; [dev.skinanalysis.errors.NotFoundException] before their first completed scan. */
    public suspend fun score(userId: String): UserScore =
        transport.execute(ApiRequest("GET", listOf("v1", "users", userId, "score")), UserScore.serializer())

    /**
     * `DELETE /v1/users/{user_id}`: every scan, image, overlay, routine, score, idempotency record and webhook
     * delivery of that user in this environment is deleted. Succeeds for a user with nothing stored too.
     */
    public suspend fun erase(userId: String) {
        transport.send(ApiRequest("DELETE", listOf("v1", "users", userId)))
    }
}
