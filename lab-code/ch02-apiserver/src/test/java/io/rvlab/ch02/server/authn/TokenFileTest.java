package io.rvlab.ch02.server.authn;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("TokenFile: one random token, made once, kept 0600")
class TokenFileTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("a missing file gets a new 256-bit token, mode 0600; the next call reads the same token")
    void createThenReuse() throws Exception {
        Path file = dir.resolve(".rvlab/token");
        String token = TokenFile.loadOrCreate(file);

        assertThat(token).matches("[A-Za-z0-9_-]{43}");
        assertThat(Files.readString(file)).isEqualTo(token + "\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(TokenFile.loadOrCreate(file)).isEqualTo(token);
        assertThat(TokenFile.loadOrCreate(dir.resolve("other"))).as("each file its own random token").isNotEqualTo(token);
    }

    @Test
    @DisplayName("a token a learner put there is kept, and its file made 0600 again")
    void ownTokenKept() throws Exception {
        Path file = dir.resolve("token");
        Files.writeString(file, "  my-own-token-of-some-length\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        assertThat(TokenFile.loadOrCreate(file)).isEqualTo("my-own-token-of-some-length");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
    }

    @Test
    @DisplayName("an empty, short or spaced token is replaced by a random one")
    void unusableReplaced() throws Exception {
        for (String content : new String[] {"", "short", "has a space in it somewhere", "comma,separated,csv,line"}) {
            Path file = dir.resolve("token");
            Files.writeString(file, content);
            assertThat(TokenFile.loadOrCreate(file)).as(content).matches("[A-Za-z0-9_-]{43}");
        }
    }
}
