package io.rvlab.ch03.registry;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code imagePullPolicy} a container gets when it names none (core/v1 {@code
 * SetDefaults_Container}): {@code Always} when the image's tag is {@code latest}, written or implied,
 * {@code IfNotPresent} otherwise. The tag is the one Kubernetes' {@code parsers.ParseImageName}
 * finds, with the grammar of a container image reference ({@code [domain/]path[:tag][@digest]}):
 * no tag and no digest means {@code latest}; a digest without a tag means no tag; a reference that
 * does not parse has no tag either.
 */
public final class ImagePullPolicy {

    public static final String ALWAYS = "Always";
    public static final String IF_NOT_PRESENT = "IfNotPresent";

    private static final String PATH_COMPONENT = "[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*";
    private static final String DOMAIN_COMPONENT = "(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])";
    private static final String DOMAIN = DOMAIN_COMPONENT + "(?:\\." + DOMAIN_COMPONENT + ")*(?::[0-9]+)?";
    private static final Pattern REFERENCE = Pattern.compile("((?:" + DOMAIN + "/)?" + PATH_COMPONENT
            + "(?:/" + PATH_COMPONENT + ")*)"
            + "(?::([\\w][\\w.-]{0,127}))?"
            + "(@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?");
    /** The longest repository name (distribution's NameTotalLengthMax). */
    private static final int NAME_MAX = 255;
    /** A bare 64-hex-digit id is refused as a repository name. */
    private static final Pattern IMAGE_ID = Pattern.compile("[a-f0-9]{64}");

    private ImagePullPolicy() {
    }

    /** The default pull policy for {@code image}. */
    public static String defaultFor(String image) {
        return "latest".equals(tag(image)) ? ALWAYS : IF_NOT_PRESENT;
    }

    /** The tag as Kubernetes reads it: "latest" when neither tag nor digest is given, "" when none or unparseable. */
    static String tag(String image) {
        Matcher reference = REFERENCE.matcher(image == null ? "" : image);
        if (!reference.matches() || IMAGE_ID.matcher(image).matches() || reference.group(1).length() > NAME_MAX) {
            return "";
        }
        String tag = reference.group(2);
        String digest = reference.group(3);
        return tag != null ? tag : digest == null ? "latest" : "";
    }
}
