package dev.skinanalysis.support

import java.io.File
import javax.imageio.ImageIO

/**
 * Real photos from the face-api package's demo folder (group photos). The single-face photo is the crop the
 * project's own tests use (test/helpers/images.ts, `frontal`: sample6, second from the left).
 */
object Photos {
    /** A group photo of similar-sized faces: the service refuses it as `multiple_faces`. */
    val groupPhoto: File get() = RepoPaths.faceApiSample(1)

    /** [frontalFace] in a temporary folder of its own, made once per test run and deleted when the JVM exits. */
    val sharedFrontalFace: File by lazy {
        val dir = java.nio.file.Files.createTempDirectory("skin-photos").toFile().apply { deleteOnExit() }
        frontalFace(dir).apply { deleteOnExit() } // deleted before its folder (deleteOnExit runs in reverse order)
    }

    /** One frontal face filling about half of a 560 x 560 JPEG, written once into [dir]. */
    fun frontalFace(dir: File): File {
        val file = dir.resolve("frontal-face.jpg")
        if (!file.exists()) {
            val sample = ImageIO.read(RepoPaths.faceApiSample(6))
            val crop = sample.getSubimage(470, 170, 560, 560)
            val rgb = java.awt.image.BufferedImage(560, 560, java.awt.image.BufferedImage.TYPE_INT_RGB)
            rgb.graphics.apply { drawImage(crop, 0, 0, null); dispose() }
            check(ImageIO.write(rgb, "jpg", file)) { "no JPEG writer" }
        }
        return file
    }
}
