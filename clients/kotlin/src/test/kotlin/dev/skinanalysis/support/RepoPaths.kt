package dev.skinanalysis.support

import java.io.File

/** Files of the repository this client lives in (Maven runs the tests from clients/kotlin). */
object RepoPaths {
    val clientDir: File = File(System.getProperty("user.dir")).absoluteFile
    val repoRoot: File = clientDir.resolve("../..").canonicalFile
    val openApiDocument: File = repoRoot.resolve("docs/openapi.json")
    val webhookVectors: File = clientDir.resolve("../webhook-vectors/webhooks.json").canonicalFile
    fun faceApiSample(n: Int): File = repoRoot.resolve("node_modules/@vladmandic/face-api/demo/sample$n.jpg")
}
