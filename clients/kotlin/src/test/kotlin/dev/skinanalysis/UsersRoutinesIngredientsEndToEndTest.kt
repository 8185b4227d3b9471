package dev.skinanalysis

import dev.skinanalysis.errors.ConflictException
import dev.skinanalysis.errors.NotFoundException
import dev.skinanalysis.errors.UnprocessablePhotoException
import dev.skinanalysis.models.ActiveClass
import dev.skinanalysis.models.ErrorCode
import dev.skinanalysis.models.IngredientMatchType
import dev.skinanalysis.models.MarkerName
import dev.skinanalysis.models.RoutineRequest
import dev.skinanalysis.models.SkinType
import dev.skinanalysis.models.TrendDirection
import dev.skinanalysis.support.EnterpriseClientTest
import dev.skinanalysis.support.LocalStack
import dev.skinanalysis.support.LocalStackExtension
import dev.skinanalysis.support.Photos
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestInstance
import org.junit.jupiter.api.assertThrows
import org.junit.jupiter.api.extension.ExtendWith
import kotlin.test.assertEquals
import kotlin.test.assertNotNull
import kotlin.test.assertTrue
import kotlin.time.Duration.Companion.seconds

/** User scores, erasure, routines and ingredient analysis through the client against the real local stack. */
@ExtendWith(LocalStackExtension::class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UsersRoutinesIngredientsEndToEndTest(stack: LocalStack) : EnterpriseClientTest(stack) {
    @Test
    fun `a user's score follows their scans, and erasing the user removes scans, score and routines`() = runBlocking<Unit> {
        val user = "kt-score-${System.nanoTime()}"
        val scans = (1..2).map { client.scans.create(face, markers = listOf(MarkerName.ACNE, MarkerName.REDNESS), userId = user) }

        // The score is updated by the scan job once per completed scan; poll until both are counted.
        val score = withTimeout(60.seconds) {
            while (true) {
                val current = runCatching { client.users.score(user) }.getOrNull()
                if (current != null && current.scanCount == 2) return@withTimeout current
                delay(250)
            }
            @Suppress("UNREACHABLE_CODE") error("unreachable")
        }
        assertEquals(user, score.userId)
        assertEquals(setOf(MarkerName.ACNE, MarkerName.REDNESS), score.markers.keys)
        // The same photo twice: the weighted mean is that photo's score, and nothing moved.
        assertEquals(scans[0].skinScore, score.skinScore)
        assertEquals(TrendDirection.STABLE, score.trend.direction)
        // History is oldest first.
        assertEquals(scans.map { it.scanId }, score.history.map { it.scanId })

        val routine = client.routines.create(RoutineRequest(scanId = scans[1].scanId, userId = user, profile = RoutineRequest.Profile(skinType = SkinType.OILY)))
        assertEquals(client.routines.get(routine.routineId), routine)

        client.users.erase(user)

        assertEquals(0, client.scans.listPage(userId = user).data.size)
        val noScore = assertThrows<NotFoundException> { runBlocking { client.users.score(user) } }
        assertEquals(ErrorCode.NOT_FOUND, noScore.code)
        assertThrows<NotFoundException> { runBlocking { client.scans.get(scans[0].scanId) } }
        assertThrows<NotFoundException> { runBlocking { client.routines.get(routine.routineId) } }
    }

    @Test
    fun `a routine from marker results has AM and PM steps and reads back the same`() = runBlocking<Unit> {
        val request = RoutineRequest(
            markers = mapOf(MarkerName.ACNE to RoutineRequest.MarkerInput(35), MarkerName.HYDRATION to RoutineRequest.MarkerInput(80)),
            profile = RoutineRequest.Profile(skinType = SkinType.OILY, sensitive = false),
        )
        val routine = client.routines.create(request, idempotencyKey = "kt-routine-${System.nanoTime()}")
        assertTrue(routine.routineId.startsWith("rtn_"))
        assertTrue(routine.am.isNotEmpty() && routine.pm.isNotEmpty())
        assertTrue(routine.am.all { it.step.isKnown && it.frequency.isKnown })
        assertEquals(routine, client.routines.get(routine.routineId))
    }

    @Test
    fun `a routine for a failed scan is a conflict with code scan_not_completed`() = runBlocking<Unit> {
        val refused = assertThrows<UnprocessablePhotoException> { runBlocking { client.scans.create(Photos.groupPhoto) } }
        val failedScanId = assertNotNull(refused.scanId)
        val conflict = assertThrows<ConflictException> { runBlocking { client.routines.create(RoutineRequest(scanId = failedScanId)) } }
        assertEquals(409, conflict.status)
        assertEquals(ErrorCode.SCAN_NOT_COMPLETED, conflict.code)
    }

    @Test
    fun `an ingredient list is analysed with each ingredient matched and its actives found`() = runBlocking<Unit> {
        val analysis = client.ingredients.analyze("Aqua, Glycerin, Niacinamide, Salicylic Acid", markers = listOf(MarkerName.ACNE))
        assertEquals(listOf("Aqua", "Glycerin", "Niacinamide", "Salicylic Acid"), analysis.ingredients.map { it.asWritten })
        assertTrue(analysis.ingredients.all { it.match.type != IngredientMatchType.UNKNOWN })
        assertEquals(setOf(ActiveClass.NIACINAMIDE, ActiveClass.BHA), analysis.actives.map { it.activeClass }.toSet())
        assertEquals(listOf(MarkerName.ACNE), analysis.suitability.map { it.marker })
        assertEquals(4, analysis.summary.count)

        val asList = client.blocking.ingredients.analyze(
            dev.skinanalysis.models.IngredientAnalysisRequest(dev.skinanalysis.models.IngredientList.of(listOf("Aqua", "Glycerin"))),
        )
        assertEquals(listOf(1, 2), asList.ingredients.map { it.position })
    }
}
