package io.rvlab.ch02.api;

import io.rvlab.ch02.api.LabelSelector.Operator;
import io.rvlab.ch02.api.LabelSelector.Requirement;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The label selector grammar, read as apimachinery reads it (k8s.io/apimachinery pkg/labels
 * selector.go, its Lexer and Parser): a hand-written lexer and recursive-descent parser whose errors
 * are kube-apiserver's words ("found ',', expected: identifier", "unable to parse requirement: ..."),
 * each a 400 BadRequest. Keys and values are checked with {@link LabelRules}.
 */
final class LabelSelectorParser {

    private enum Kind { IDENTIFIER, IN, NOT_IN, BANG, NOT_EQUALS, EQUALS, DOUBLE_EQUALS, GREATER, LESS, OPEN, CLOSE, COMMA, END }

    private record Token(Kind kind, String text) {
    }

    private final List<Token> tokens = new ArrayList<>();
    private int position;

    LabelSelectorParser(String text) {
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (text.startsWith("!=", i)) {
                tokens.add(new Token(Kind.NOT_EQUALS, "!="));
                i += 2;
            } else if (text.startsWith("==", i)) {
                tokens.add(new Token(Kind.DOUBLE_EQUALS, "=="));
                i += 2;
            } else if ("!=(),<>".indexOf(c) >= 0) {
                Kind kind = switch (c) {
                    case '!' -> Kind.BANG;
                    case '=' -> Kind.EQUALS;
                    case '(' -> Kind.OPEN;
                    case ')' -> Kind.CLOSE;
                    case ',' -> Kind.COMMA;
                    case '<' -> Kind.LESS;
                    default -> Kind.GREATER;
                };
                tokens.add(new Token(kind, String.valueOf(c)));
                i++;
            } else {
                int start = i;
                while (i < text.length() && !Character.isWhitespace(text.charAt(i)) && "!=(),<>".indexOf(text.charAt(i)) < 0) {
                    i++;
                }
                String word = text.substring(start, i);
                Kind kind = word.equals("in") ? Kind.IN : word.equals("notin") ? Kind.NOT_IN : Kind.IDENTIFIER;
                tokens.add(new Token(kind, word));
            }
        }
        tokens.add(new Token(Kind.END, ""));
    }

    private Token peek() {
        return tokens.get(position);
    }

    private Token next() {
        return tokens.get(position++);
    }

    private static StatusException error(Token found, String expected) {
        String what = found.kind() == Kind.END ? "end of string" : found.text();
        return Status.badRequest("found '" + what + "', expected: " + expected).exception();
    }

    List<Requirement> parse() {
        List<Requirement> requirements = new ArrayList<>();
        while (true) {
            Token token = peek();
            if (token.kind() == Kind.END) {
                return requirements;
            }
            if (token.kind() != Kind.IDENTIFIER && token.kind() != Kind.BANG) {
                throw error(token, "!, identifier, or 'end of string'");
            }
            requirements.add(requirement());
            Token after = next();
            if (after.kind() == Kind.END) {
                return requirements;
            }
            if (after.kind() != Kind.COMMA) {
                throw error(after, "',' or 'end of string'");
            }
            Token following = peek();
            if (following.kind() != Kind.IDENTIFIER && following.kind() != Kind.BANG) {
                throw error(following, "identifier after ','");
            }
        }
    }

    private Requirement requirement() {
        boolean negated = peek().kind() == Kind.BANG;
        if (negated) {
            next();
        }
        Token keyToken = next();
        if (keyToken.kind() != Kind.IDENTIFIER) {
            throw error(keyToken, "identifier");
        }
        String key = keyToken.text();
        validateKey(key);
        if (negated) {
            return new Requirement(key, Operator.DOES_NOT_EXIST, List.of());
        }
        Token op = peek();
        if (op.kind() == Kind.END || op.kind() == Kind.COMMA) {
            return new Requirement(key, Operator.EXISTS, List.of());
        }
        next();
        Operator operator = switch (op.kind()) {
            case EQUALS, DOUBLE_EQUALS -> Operator.EQUALS;
            case NOT_EQUALS -> Operator.NOT_EQUALS;
            case IN -> Operator.IN;
            case NOT_IN -> Operator.NOT_IN;
            case GREATER -> Operator.GREATER_THAN;
            case LESS -> Operator.LESS_THAN;
            default -> throw error(op, "=, ==, !=, in, notin, >, <");
        };
        List<String> values = operator == Operator.IN || operator == Operator.NOT_IN ? valueSet() : List.of(exactValue());
        if (values.isEmpty()) {
            throw requirementError("for 'in', 'notin' operators, values set can't be empty");
        }
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            if (operator == Operator.GREATER_THAN || operator == Operator.LESS_THAN) {
                try {
                    Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw requirementError("values[" + i + "]: Invalid value: " + GoJson.quote(value)
                            + ": for 'Gt', 'Lt' operators, the value must be an integer");
                }
            } else if (!LabelRules.valueErrors(value).isEmpty()) {
                throw requirementError("values[" + i + "][" + key + "]: Invalid value: " + GoJson.quote(value)
                        + ": " + LabelRules.valueErrors(value).get(0));
            }
        }
        return new Requirement(key, operator, values);
    }

    private String exactValue() {
        Token token = peek();
        if (token.kind() == Kind.END || token.kind() == Kind.COMMA) {
            return ""; // "key=" selects an empty value
        }
        next();
        if (token.kind() != Kind.IDENTIFIER) {
            throw error(token, "identifier");
        }
        return token.text();
    }

    private List<String> valueSet() {
        Token open = next();
        if (open.kind() != Kind.OPEN) {
            throw error(open, "'('");
        }
        Set<String> values = new TreeSet<>();
        boolean expectValue = true;
        while (true) {
            Token token = next();
            switch (token.kind()) {
                case CLOSE -> {
                    if (expectValue && !values.isEmpty()) {
                        values.add(""); // "(a,)" holds an empty value
                    }
                    return new ArrayList<>(values);
                }
                case COMMA -> {
                    if (expectValue) {
                        values.add("");
                    }
                    expectValue = true;
                }
                case IDENTIFIER, IN, NOT_IN -> {
                    if (!expectValue) {
                        throw error(token, "',' or ')'");
                    }
                    values.add(token.text());
                    expectValue = false;
                }
                default -> throw error(token, "',', ')' or identifier");
            }
        }
    }

    private static void validateKey(String key) {
        List<String> problems = LabelRules.keyErrors(key);
        if (!problems.isEmpty()) {
            throw requirementError("key: Invalid value: " + GoJson.quote(key) + ": " + problems.get(0));
        }
    }

    private static StatusException requirementError(String detail) {
        return Status.badRequest("unable to parse requirement: " + detail).exception();
    }
}
