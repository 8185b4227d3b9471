package dev.skinanalysis

import dev.skinanalysis.errors.ConflictException
import dev.skinanalysis.errors.PermissionException
import dev.skinanalysis.models.ClientTokenRequest
import dev.skinanalysis.models.ClientTokenScope
import dev.skinanalysis.models.Environment
import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.MarkerName
import dev.skinanalysis.models.ScanStatus
import dev.skinanalysis.support.LocalStack
import dev.skinanalysis.support.LocalStackExtension
import dev.skinanalysis.support.Photos
import kotlinx.coroutines.runBlocking
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.extension.ExtendWith
import java.nio.file.Files
import kotlin.test.assertEquals
import kotlin.test.assertTrue

/**
 * The app flow: a back end mints a client token with its secret key; the app, holding only that token, uploads a
 * photo straight to storage and starts the scan from the upload, against the real local stack (s3rver storage).
 */
@ExtendWith(LocalStackExtension::class)
class AppTokensAndUploadsEndToEndTest(private val stack: LocalStack) {
    @Test
    fun `an app with a client token uploads directly, scans its own user's photo once, and cannot use other operations`() = runBlocking<Unit> {
        val account = stack.newAccountKey("enterprise", limit = 1000)
        val user = "kt-app-${System.nanoTime()}"
        val token = SkinAnalysisClient(apiKey = account.key, baseUrl = stack.apiUrl).use { backEnd ->
            backEnd.clientTokens.create(ClientTokenRequest(userId = user, expiresIn = 600))
        }
        assertTrue(token.token.startsWith("ct_test_"))
        assertEquals(user, token.userId)
        assertEquals(Environment.TEST, token.environment)
        assertEquals(ClientTokenScope.known.toSet(), token.scopes.toSet())
        assertTrue(!token.toString().contains(token.token))

        SkinAnalysisClient(apiKey = token.token, baseUrl = stack.apiUrl).use { app ->
            val face = ScanImage.fromFile(Photos.sharedFrontalFace)
            val upload = app.uploads.upload(face)
            assertTrue(upload.uploadId.startsWith("upl_"))
            assertEquals(user, upload.userId)

            val scan = app.scans.createFromUpload(upload.uploadId, markers = listOf(MarkerName.ACNE, MarkerName.OILINESS))
            assertEquals(ScanStatus.Completed, scan.status)
            assertEquals(user, scan.userId)
            assertEquals(setOf(MarkerName.ACNE, MarkerName.OILINESS), scan.markers.keys)
            assertEquals(scan, app.scans.get(scan.scanId))

            val again = assertThrows<ConflictException> { runBlocking { app.scans.createFromUpload(upload.uploadId) } }
            assertEquals(ErrorCode.UPLOAD_ALREADY_USED, again.code)
            assertEquals(409, again.status)

            val denied = assertThrows<PermissionException> { runBlocking { app.ingredients.analyze("Aqua, Glycerin") } }
            assertEquals(403, denied.status)
        }
    }
}
