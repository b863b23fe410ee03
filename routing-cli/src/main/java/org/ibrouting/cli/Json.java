package org.ibrouting.cli;

import java.util.Locale;

/** A minimal writer of one JSON object, for the commands' {@code --json} output. */
final class Json {
  private final StringBuilder out = new StringBuilder();
  private boolean first = true;

  Json() {
    out.append('{');
  }

  private Json key(String key) {
    if (!first) {
      out.append(',');
    }
    first = false;
    quote(out, key);
    out.append(':');
    return this;
  }

  Json put(String key, String value) {
    key(key);
    if (value == null) {
      out.append("null");
    } else {
      quote(out, value);
    }
    return this;
  }

  Json put(String key, long value) {
    key(key).out.append(value);
    return this;
  }

  Json put(String key, double value) {
    key(key);
    if (Double.isFinite(value)) {
      out.append(String.format(Locale.ROOT, "%.6g", value).replaceFirst("\\.?0+(e|$)", "$1"));
    } else {
      out.append("null");
    }
    return this;
  }

  Json put(String key, boolean value) {
    key(key).out.append(value);
    return this;
  }

  /** Puts pre-rendered JSON (an object or an array). */
  Json putRaw(String key, String json) {
    key(key).out.append(json);
    return this;
  }

  static String array(long[] values) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < values.length; i++) {
      b.append(i == 0 ? "" : ",").append(values[i]);
    }
    return b.append(']').toString();
  }

  static String stringArray(Iterable<String> values) {
    StringBuilder b = new StringBuilder("[");
    boolean firstValue = true;
    for (String v : values) {
      if (!firstValue) {
        b.append(',');
      }
      firstValue = false;
      quote(b, v);
    }
    return b.append(']').toString();
  }

  static void quote(StringBuilder b, String s) {
    b.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) {
            b.append(String.format("\\u%04x", (int) c));
          } else {
            b.append(c);
          }
        }
      }
    }
    b.append('"');
  }

  @Override
  public String toString() {
    return out + "}";
  }
}
