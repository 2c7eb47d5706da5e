package io.rvlab.ch02.server.serving;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * Files only their owner may read: private keys, the token, the kubeconfig that holds it. As
 * kubeadm writes {@code /etc/kubernetes/pki/*.key} and {@code admin.conf}: mode 0600, in a
 * directory of mode 0700.
 *
 * <p>A file is written to a private temporary file next to it and then moved over the old one, so
 * it is never readable by others, not even for a moment, and a reader never sees half of it. On a
 * file system without POSIX permissions (Windows) the files get the default ones.
 */
public final class PrivateFiles {

    private static final boolean POSIX = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");

    private PrivateFiles() {
    }

    /**
     * Creates {@code dir} (and its parents) if missing and makes it 0700: the directory of the
     * course's keys is the course's alone, whoever created it.
     */
    public static Path directory(Path dir) throws IOException {
        Files.createDirectories(dir);
        if (POSIX) {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        return dir;
    }

    /** Replaces {@code file} with {@code content}, readable and writable by its owner only. */
    public static void write(Path file, byte[] content) throws IOException {
        Path dir = Files.createDirectories(file.toAbsolutePath().getParent());
        Path temp = POSIX ? Files.createTempFile(dir, "." + file.getFileName(), ".tmp", attribute("rw-------"))
                : Files.createTempFile(dir, "." + file.getFileName(), ".tmp");
        try {
            Files.write(temp, content);
            try {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** Makes an existing file 0600 (one a learner copied in, or an older course wrote). */
    public static void restrict(Path file) throws IOException {
        if (POSIX) {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        }
    }

    /** Whether the file's permissions are 0600 or stricter (always true without POSIX permissions). */
    public static boolean isPrivate(Path file) throws IOException {
        if (!POSIX) {
            return true;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        return permissions.stream().allMatch(p -> p == PosixFilePermission.OWNER_READ || p == PosixFilePermission.OWNER_WRITE);
    }

    private static FileAttribute<Set<PosixFilePermission>> attribute(String permissions) {
        return PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(permissions));
    }
}
