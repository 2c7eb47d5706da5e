package io.rvlab.ch02.wire.gojson;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;

/**
 * Checks that bytes are one JSON value and, if not, describes the first mistake in the words of
 * Go's encoding/json ({@code invalid character 'x' looking for beginning of value},
 * {@code unexpected end of JSON input}, ...). Kubernetes passes those words on to clients, in
 * "invalid continue token" and "json parse error" messages, so this server does too.
 *
 * <p>A small state machine over bytes, one state per position in the JSON grammar.
 */
public final class GoJsonSyntax {

    private enum State {
        BEGIN_VALUE, BEGIN_STRING_OR_EMPTY, BEGIN_STRING, BEGIN_VALUE_OR_EMPTY, END_VALUE, END_TOP,
        IN_STRING, IN_STRING_ESC, IN_STRING_ESC_U1, IN_STRING_ESC_U2, IN_STRING_ESC_U3, IN_STRING_ESC_U4,
        NEG, ZERO, ONE, DOT, DOT0, E, E_SIGN, E0, LITERAL
    }

    private enum Container { OBJECT_KEY, OBJECT_VALUE, ARRAY }

    private final Deque<Container> stack = new ArrayDeque<>();
    private State state = State.BEGIN_VALUE;
    private String literal;      // the rest of true/false/null still expected
    private String literalName;

    private GoJsonSyntax() {
    }

    /** The Go error text for the first syntax error in {@code data}, or empty if it is valid JSON. */
    public static Optional<String> check(byte[] data) {
        GoJsonSyntax scanner = new GoJsonSyntax();
        for (byte b : data) {
            String error = scanner.step(b & 0xff);
            if (error != null) {
                return Optional.of(error);
            }
        }
        return scanner.atEnd() ? Optional.empty() : Optional.of("unexpected end of JSON input");
    }

    private boolean atEnd() {
        return switch (state) {
            case END_TOP -> true;
            case ZERO, ONE, DOT0, E0, END_VALUE -> stack.isEmpty();
            default -> false;
        };
    }

    private static boolean space(int c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private static boolean digit(int c) {
        return c >= '0' && c <= '9';
    }

    private static boolean hex(int c) {
        return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private String step(int c) {
        switch (state) {
            case BEGIN_VALUE_OR_EMPTY -> {
                if (space(c)) {
                    return null;
                }
                if (c == ']') {
                    stack.pop();
                    state = State.END_VALUE;
                    return null;
                }
                return beginValue(c);
            }
            case BEGIN_VALUE -> {
                return space(c) ? null : beginValue(c);
            }
            case BEGIN_STRING_OR_EMPTY -> {
                if (space(c)) {
                    return null;
                }
                if (c == '}') {
                    stack.pop();
                    state = State.END_VALUE;
                    return null;
                }
                return beginString(c);
            }
            case BEGIN_STRING -> {
                return space(c) ? null : beginString(c);
            }
            case END_VALUE -> {
                return endValue(c);
            }
            case END_TOP -> {
                return space(c) ? null : error(c, "after top-level value");
            }
            case IN_STRING -> {
                if (c == '"') {
                    state = State.END_VALUE;
                } else if (c == '\\') {
                    state = State.IN_STRING_ESC;
                } else if (c < 0x20) {
                    return error(c, "in string literal");
                }
                return null;
            }
            case IN_STRING_ESC -> {
                if ("bfnrt\\/\"".indexOf(c) >= 0) {
                    state = State.IN_STRING;
                } else if (c == 'u') {
                    state = State.IN_STRING_ESC_U1;
                } else {
                    return error(c, "in string escape code");
                }
                return null;
            }
            case IN_STRING_ESC_U1, IN_STRING_ESC_U2, IN_STRING_ESC_U3, IN_STRING_ESC_U4 -> {
                if (!hex(c)) {
                    return error(c, "in \\u hexadecimal character escape");
                }
                state = switch (state) {
                    case IN_STRING_ESC_U1 -> State.IN_STRING_ESC_U2;
                    case IN_STRING_ESC_U2 -> State.IN_STRING_ESC_U3;
                    case IN_STRING_ESC_U3 -> State.IN_STRING_ESC_U4;
                    default -> State.IN_STRING;
                };
                return null;
            }
            case NEG -> {
                if (c == '0') {
                    state = State.ZERO;
                } else if (c >= '1' && c <= '9') {
                    state = State.ONE;
                } else {
                    return error(c, "in numeric literal");
                }
                return null;
            }
            case ONE -> {
                return digit(c) ? null : afterZero(c);
            }
            case ZERO -> {
                return afterZero(c);
            }
            case DOT -> {
                if (!digit(c)) {
                    return error(c, "after decimal point in numeric literal");
                }
                state = State.DOT0;
                return null;
            }
            case DOT0 -> {
                if (digit(c)) {
                    return null;
                }
                if (c == 'e' || c == 'E') {
                    state = State.E;
                    return null;
                }
                return endValue(c);
            }
            case E -> {
                if (c == '+' || c == '-') {
                    state = State.E_SIGN;
                    return null;
                }
                return eSign(c);
            }
            case E_SIGN -> {
                return eSign(c);
            }
            case E0 -> {
                return digit(c) ? null : endValue(c);
            }
            case LITERAL -> {
                if (c != literal.charAt(0)) {
                    return error(c, "in literal " + literalName + " (expecting " + quoteChar(literal.charAt(0)) + ")");
                }
                literal = literal.substring(1);
                if (literal.isEmpty()) {
                    state = State.END_VALUE;
                }
                return null;
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private String beginValue(int c) {
        switch (c) {
            case '{' -> {
                stack.push(Container.OBJECT_KEY);
                state = State.BEGIN_STRING_OR_EMPTY;
            }
            case '[' -> {
                stack.push(Container.ARRAY);
                state = State.BEGIN_VALUE_OR_EMPTY;
            }
            case '"' -> state = State.IN_STRING;
            case '-' -> state = State.NEG;
            case '0' -> state = State.ZERO;
            case 't' -> literal("rue", "true");
            case 'f' -> literal("alse", "false");
            case 'n' -> literal("ull", "null");
            default -> {
                if (c >= '1' && c <= '9') {
                    state = State.ONE;
                } else {
                    return error(c, "looking for beginning of value");
                }
            }
        }
        return null;
    }

    private void literal(String rest, String name) {
        literal = rest;
        literalName = name;
        state = State.LITERAL;
    }

    private String beginString(int c) {
        if (c != '"') {
            return error(c, "looking for beginning of object key string");
        }
        state = State.IN_STRING;
        return null;
    }

    private String afterZero(int c) {
        if (c == '.') {
            state = State.DOT;
            return null;
        }
        if (c == 'e' || c == 'E') {
            state = State.E;
            return null;
        }
        return endValue(c);
    }

    private String eSign(int c) {
        if (!digit(c)) {
            return error(c, "in exponent of numeric literal");
        }
        state = State.E0;
        return null;
    }

    private String endValue(int c) {
        if (stack.isEmpty()) {
            state = State.END_TOP;
            return step(c);
        }
        if (space(c)) {
            state = State.END_VALUE;
            return null;
        }
        switch (stack.peek()) {
            case OBJECT_KEY -> {
                if (c == ':') {
                    stack.pop();
                    stack.push(Container.OBJECT_VALUE);
                    state = State.BEGIN_VALUE;
                    return null;
                }
                return error(c, "after object key");
            }
            case OBJECT_VALUE -> {
                if (c == ',') {
                    stack.pop();
                    stack.push(Container.OBJECT_KEY);
                    state = State.BEGIN_STRING;
                    return null;
                }
                if (c == '}') {
                    stack.pop();
                    state = State.END_VALUE;
                    return null;
                }
                return error(c, "after object key:value pair");
            }
            default -> {
                if (c == ',') {
                    state = State.BEGIN_VALUE;
                    return null;
                }
                if (c == ']') {
                    stack.pop();
                    state = State.END_VALUE;
                    return null;
                }
                return error(c, "after array element");
            }
        }
    }

    private static String error(int c, String context) {
        return "invalid character " + quoteChar(c) + " " + context;
    }

    /** Go's quoteChar: the byte as a Go character literal, e.g. {@code 'x'}, {@code '\u0081'}, {@code '\''}. */
    static String quoteChar(int c) {
        if (c == '\'') {
            return "'\\''";
        }
        if (c == '"') {
            return "'\"'";
        }
        String quoted = GoJson.quote(String.valueOf((char) c));
        return "'" + quoted.substring(1, quoted.length() - 1) + "'";
    }
}
