package dev.skinanalysis.support

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.jsonObject
import kotlinx.serialization.json.jsonPrimitive
import org.junit.jupiter.api.extension.ExtensionContext
import org.junit.jupiter.api.extension.ParameterContext
import org.junit.jupiter.api.extension.ParameterResolver
import java.io.File
import java.nio.file.Files
import java.util.concurrent.TimeUnit

/**
 * The project's real local stack (`skin dev`: the API, dynalite, s3rver, the queue, the inference and webhook
 * workers) on a free port with its own data folder, started once for the whole test run and stopped after it.
 * Admin steps (accounts, keys, webhook endpoints) go through the real `skin` command against the same DATA_DIR.
 */
class LocalStack private constructor(
    val dataDir: File,
    private val process: Process,
    val apiUrl: String,
    /** The key `skin dev` made on first start (a Business account). */
    val sandboxKey: String,
) : ExtensionContext.Store.CloseableResource {

    /** Runs `skin ARGS…` against this stack and returns its standard output; fails the test on a non-zero exit. */
    fun skin(vararg args: String): String {
        val out = File.createTempFile("skin-cli", ".out", dataDir)
        val err = File.createTempFile("skin-cli", ".err", dataDir)
        val cli = ProcessBuilder(tsxCommand() + listOf("cli/skin.ts") + args)
            .directory(RepoPaths.repoRoot)
            .redirectOutput(out)
            .redirectError(err)
            .apply { environment()["DATA_DIR"] = dataDir.path }
            .start()
        check(cli.waitFor(120, TimeUnit.SECONDS)) { "skin ${args.joinToString(" ")} did not finish" }
        check(cli.exitValue() == 0) { "skin ${args.joinToString(" ")} exited ${cli.exitValue()}: ${err.readText()}" }
        return out.readText().also { out.delete(); err.delete() }
    }

    fun skinJson(vararg args: String): JsonObject = Json.parseToJsonElement(skin(*args, "--json")).jsonObject

    /** A new account on [plan] (`sandbox` has 30 requests a minute) and a test key with every scope for it. */
    fun newAccountKey(plan: String, limit: Int? = null): AccountKey {
        val planArgs = arrayOf("accounts", "create", "--plan", plan) + (limit?.let { arrayOf("--limit", it.toString()) } ?: emptyArray())
        val accountId = skinJson(*planArgs)["account_id"]!!.jsonPrimitive.content
        val key = skinJson("keys", "create", "--account", accountId)["key"]!!.jsonPrimitive.content
        return AccountKey(accountId, key)
    }

    data class AccountKey(val accountId: String, val key: String)

    override fun close() {
        // skin dev closes its parts on SIGTERM; npx/tsx wrap it in child processes, so signal the whole tree.
        val tree = process.toHandle().descendants().iterator().asSequence().toList()
        tree.forEach { it.destroy() }
        process.destroy()
        if (!process.waitFor(15, TimeUnit.SECONDS)) process.destroyForcibly()
        tree.filter { it.isAlive }.forEach { it.destroyForcibly() }
        dataDir.deleteRecursively()
    }

    companion object {
        private fun tsxCommand(): List<String> {
            val local = RepoPaths.repoRoot.resolve("node_modules/.bin/tsx")
            return if (local.canExecute()) listOf(local.path) else listOf("npx", "tsx")
        }

        fun start(): LocalStack {
            val dataDir = Files.createTempDirectory("skin-kotlin-client-").toFile()
            val log = dataDir.resolve("stack.log")
            val process = ProcessBuilder(tsxCommand() + listOf("cli/skin.ts", "dev"))
                .directory(RepoPaths.repoRoot)
                .redirectErrorStream(true)
                .redirectOutput(log)
                .apply {
                    // Port 0: the operating system picks a free port; stack.json says which.
                    environment()["PORT"] = "0"
                    environment()["DATA_DIR"] = dataDir.path
                }
                .start()
            val stackFile = dataDir.resolve("stack.json")
            val keyFile = dataDir.resolve("sandbox-key")
            val deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180)
            while (!(stackFile.exists() && keyFile.exists() && log.readText().contains("running at"))) {
                if (!process.isAlive) {
                    val output = log.readText()
                    dataDir.deleteRecursively()
                    error("skin dev exited ${process.exitValue()} (is `npm ci` done at the repository root?):\n$output")
                }
                if (System.nanoTime() > deadline) {
                    process.destroyForcibly()
                    val output = log.readText()
                    dataDir.deleteRecursively()
                    error("skin dev did not start within 180 s:\n$output")
                }
                Thread.sleep(200)
            }
            val apiUrl = Json.parseToJsonElement(stackFile.readText()).jsonObject["api_url"]!!.jsonPrimitive.content
            return LocalStack(dataDir, process, apiUrl, keyFile.readText().trim())
        }

        /** The one stack of this test run (JUnit closes it when the run ends). */
        fun of(context: ExtensionContext): LocalStack =
            context.root.getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(LocalStack::class.java.name, { start() }, LocalStack::class.java)
    }
}

/** Injects the shared [LocalStack] into test constructors and methods. */
class LocalStackExtension : ParameterResolver {
    override fun supportsParameter(parameterContext: ParameterContext, extensionContext: ExtensionContext): Boolean =
        parameterContext.parameter.type == LocalStack::class.java

    override fun resolveParameter(parameterContext: ParameterContext, extensionContext: ExtensionContext): Any =
        LocalStack.of(extensionContext)
}
