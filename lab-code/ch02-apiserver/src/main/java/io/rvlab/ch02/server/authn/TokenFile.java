package io.rvlab.ch02.server.authn;

import io.rvlab.ch02.server.serving.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * The one bearer token {@code ./course serve --tls} accepts, kept in a file ({@code .rvlab/token},
 * mode 0600) so it survives restarts and kubeconfigs written with it keep working.
 *
 * <p>kube-apiserver's {@code --token-auth-file} is a CSV of {@code token,user,uid,"groups"} lines
 * (k8s.io/apiserver plugin/pkg/authenticator/token/tokenfile tokenfile.go); here there is one
 * user, so the file holds the token alone: the form a kubeconfig's {@code tokenFile} field reads,
 * and {@code curl -H "Authorization: Bearer $(cat .rvlab/token)"} can use.
 */
public final class TokenFile {

    /** 32 random bytes, as base64url without padding: 43 characters, 256 bits, nothing a header or CSV must escape. */
    private static final int TOKEN_BYTES = 32;
    /** What a token may hold: printable ASCII without spaces or commas (a token-auth-file is comma-separated). */
    private static final Pattern USABLE = Pattern.compile("[\\x21-\\x7e&&[^,]]{16,}");

    private TokenFile() {
    }

    /**
     * The token in {@code file}, or a new random one written there if the file is missing or holds
     * no usable token (fewer than 16 characters, or spaces or commas). A token reused is made
     * 0600 again if its mode had been widened.
     */
    public static String loadOrCreate(Path file) {
        try {
            if (Files.isRegularFile(file)) {
                String token = Files.readString(file, StandardCharsets.UTF_8).strip();
                if (USABLE.matcher(token).matches()) {
                    if (!PrivateFiles.isPrivate(file)) {
                        PrivateFiles.restrict(file);
                    }
                    return token;
                }
            }
            String token = newToken();
            PrivateFiles.write(file, (token + "\n").getBytes(StandardCharsets.US_ASCII));
            return token;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or write the token file " + file + ": " + e.getMessage(), e);
        }
    }

    static String newToken() {
        byte[] random = new byte[TOKEN_BYTES];
        new SecureRandom().nextBytes(random);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    }
}
