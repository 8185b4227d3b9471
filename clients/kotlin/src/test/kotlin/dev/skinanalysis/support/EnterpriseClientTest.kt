package dev.skinanalysis.support

import dev.skinanalysis.SkinAnalysisClient
import org.junit.jupiter.api.AfterAll
import java.io.File
import java.nio.file.Files

/**
 * The setting of the end-to-end classes that share one client (PER_CLASS lifecycle): an enterprise account of
 * [stack] with room for many calls, its [client], and a frontal-face photo in a folder of the class's own, closed
 * and deleted after the class.
 */
abstract class EnterpriseClientTest(stack: LocalStack) {
    protected val account: LocalStack.AccountKey = stack.newAccountKey("enterprise", limit = 1000)
    protected val client: SkinAnalysisClient = SkinAnalysisClient(apiKey = account.key, baseUrl = stack.apiUrl)
    private val photoDir: File = Files.createTempDirectory("skin-photos").toFile()
    protected val face: File = Photos.frontalFace(photoDir)

    @AfterAll
    fun closeClient() {
        client.close()
        photoDir.deleteRecursively()
    }
}
