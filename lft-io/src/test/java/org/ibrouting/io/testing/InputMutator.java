package org.ibrouting.io.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Damages text inputs the way fabric tools and file transfers do on a bad day, for parser fuzzing:
 * truncation after or inside a line of every kind, deleted, duplicated and swapped lines, changed
 * digits and numbers too large, CRLF endings, tabs, huge and oddly quoted descriptions, unknown
 * rates ({@code 4xXDR}, {@code 8x}, {@code 2x}) and unknown lines, stray characters, invalid UTF-8,
 * and gzip (whole or truncated). A {@link Plan} is a jqwik value: a list of 1-3 mutations with
 * integer parameters (taken modulo what the input holds) and an encoding.
 */
public final class InputMutator {
  private InputMutator() {}

  /** The kinds of damage. */
  public enum Kind {
    /** Cut the file after (or before) a line of a randomly chosen kind. */
    TRUNCATE_AT_LINE,
    /** Cut the file inside a line of a randomly chosen kind. */
    TRUNCATE_MID_LINE,
    /** Delete 1-3 consecutive lines. */
    DELETE_LINES,
    /** Copy 1-3 consecutive lines to another place. */
    DUPLICATE_LINES,
    /** Swap two lines. */
    SWAP_LINES,
    /** Change one digit of a line to another character. */
    CHANGE_DIGIT,
    /** Replace a run of digits by a number at or beyond some limit. */
    BIG_NUMBER,
    /** Windows line endings, on every line or one. */
    CRLF,
    /** Tabs for spaces, on one line or all, or one tab inserted. */
    TABS,
    /** A description of tens of thousands of characters. */
    HUGE_DESCRIPTION,
    /** A quote, hash or escaped quote inserted. */
    QUOTES,
    /** A link rate that no reader knows. */
    UNKNOWN_RATE,
    /** A line that does not belong (unknown keyword, stray header, half a record). */
    UNKNOWN_LINE,
    /** Stray characters (NUL, replacement character, right-to-left mark, brackets). */
    GARBAGE,
    /** Bytes that are not UTF-8. */
    INVALID_UTF8,
    /** A line emptied, or a blank line inserted. */
    BLANK_LINE
  }

  /** How the damaged text is stored. */
  public enum Encoding {
    /** UTF-8 text. */
    PLAIN,
    /** gzip-compressed. */
    GZIP,
    /** gzip-compressed, then cut short. */
    TRUNCATED_GZIP
  }

  /** One mutation with its parameters (any ints; taken modulo what the input holds). */
  public record Mutation(Kind kind, int a, int b, int c) {}

  /** Mutations applied in order, then the encoding ({@code cut} chooses where gzip is cut). */
  public record Plan(List<Mutation> mutations, Encoding encoding, int cut) {
    @Override
    public String toString() {
      return mutations
          + " "
          + encoding
          + (encoding == Encoding.TRUNCATED_GZIP ? " cut " + cut : "");
    }
  }

  /** The jqwik arbitrary of plans. */
  public static Arbitrary<Plan> plans() {
    Arbitrary<Integer> any = Arbitraries.integers().between(0, Integer.MAX_VALUE);
    Arbitrary<Mutation> mutation =
        Combinators.combine(Arbitraries.of(Kind.class), any, any, any).as(Mutation::new);
    Arbitrary<Encoding> encoding =
        Arbitraries.frequency(
            Tuple.of(16, Encoding.PLAIN),
            Tuple.of(2, Encoding.GZIP),
            Tuple.of(2, Encoding.TRUNCATED_GZIP));
    return Combinators.combine(mutation.list().ofMinSize(1).ofMaxSize(3), encoding, any)
        .as(Plan::new);
  }

  /**
   * The damaged text before encoding, split into lines, and whether the last one ends in a newline.
   */
  public record Text(List<String> lines, boolean finalNewline, List<int[]> badBytes) {
    /** The text as UTF-8 bytes, with the invalid bytes inserted ({offset, byte}). */
    public byte[] bytes() {
      String joined = String.join("\n", lines) + (finalNewline && !lines.isEmpty() ? "\n" : "");
      byte[] utf8 = joined.getBytes(StandardCharsets.UTF_8);
      if (badBytes.isEmpty()) {
        return utf8;
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream(utf8.length + badBytes.size());
      int[] offsets = new int[badBytes.size()];
      for (int i = 0; i < offsets.length; i++) {
        offsets[i] = utf8.length == 0 ? 0 : Math.floorMod(badBytes.get(i)[0], utf8.length + 1);
      }
      int[] order = sortedIndices(offsets);
      int at = 0;
      for (int i : order) {
        out.write(utf8, at, offsets[i] - at);
        out.write(badBytes.get(i)[1]);
        at = offsets[i];
      }
      out.write(utf8, at, utf8.length - at);
      return out.toByteArray();
    }
  }

  private static int[] sortedIndices(int[] values) {
    Integer[] boxed = new Integer[values.length];
    for (int i = 0; i < values.length; i++) {
      boxed[i] = i;
    }
    Arrays.sort(boxed, (x, y) -> Integer.compare(values[x], values[y]));
    return Arrays.stream(boxed).mapToInt(Integer::intValue).toArray();
  }

  /** Splits text into lines as written (on {@code \n}; a trailing newline ends the last line). */
  public static Text split(String text) {
    List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
    boolean finalNewline = text.endsWith("\n");
    if (finalNewline) {
      lines.remove(lines.size() - 1);
    }
    return new Text(lines, finalNewline, new ArrayList<>());
  }

  /** Applies the plan's mutations to {@code original}. */
  public static Text mutate(String original, Plan plan) {
    return mutate(split(original), plan);
  }

  /** Applies the plan's mutations to a copy of {@code original}. */
  public static Text mutate(Text original, Plan plan) {
    Text text =
        new Text(
            new ArrayList<>(original.lines()),
            original.finalNewline(),
            new ArrayList<>(original.badBytes()));
    List<String> lines = text.lines();
    boolean finalNewline = text.finalNewline();
    List<int[]> badBytes = text.badBytes();
    for (Mutation m : plan.mutations()) {
      finalNewline &= apply(m, lines, badBytes);
    }
    return new Text(lines, finalNewline, badBytes);
  }

  /** The bytes of a plan's output: the damaged text, encoded. */
  public static byte[] encode(Text text, Plan plan) {
    byte[] bytes = text.bytes();
    if (plan.encoding() == Encoding.PLAIN) {
      return bytes;
    }
    byte[] gz = gzip(bytes);
    if (plan.encoding() == Encoding.GZIP) {
      return gz;
    }
    // keep at least the magic bytes half of the time, so the reader takes it for gzip
    int keep = Math.floorMod(plan.cut(), gz.length);
    return Arrays.copyOf(gz, plan.cut() % 2 == 0 ? Math.max(2, keep) : keep);
  }

  /** gzip-compresses {@code bytes}. */
  public static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static final Map<String, Pattern> PATTERNS =
      new java.util.concurrent.ConcurrentHashMap<>();
  private static final Pattern DIGIT_RUN = Pattern.compile("[0-9a-fA-F]*[0-9][0-9a-fA-F]*");
  private static final Pattern RATE = Pattern.compile("\\b[0-9]+x[A-Za-z0-9]+");

  /** Applies one mutation; returns false when the text no longer ends in a newline. */
  private static boolean apply(Mutation m, List<String> lines, List<int[]> badBytes) {
    switch (m.kind()) {
      case TRUNCATE_AT_LINE,
          TRUNCATE_MID_LINE,
          DELETE_LINES,
          DUPLICATE_LINES,
          SWAP_LINES,
          UNKNOWN_LINE,
          BLANK_LINE -> {
        return reshape(m.kind(), lines, m.a(), m.b(), m.c());
      }
      case INVALID_UTF8 ->
          badBytes.add(new int[] {m.a(), new int[] {0xFF, 0xC3, 0x80, 0xFE, 0xE2}[m.b() % 5]});
      case CHANGE_DIGIT -> changeDigit(lines, m.a(), m.b(), m.c());
      case BIG_NUMBER -> bigNumber(lines, m.a(), m.b(), m.c());
      default -> editLines(m.kind(), lines, m.a(), m.b(), m.c());
    }
    return true;
  }

  /** The mutations that cut, delete, copy, move or add whole lines. */
  private static boolean reshape(Kind kind, List<String> lines, int a, int b, int c) {
    int n = lines.size();
    switch (kind) {
      case TRUNCATE_AT_LINE -> {
        if (n > 0) {
          int at = lineOfSomeKind(lines, a, b);
          lines.subList(c % 2 == 0 ? at : at + 1, n).clear();
        }
      }
      case TRUNCATE_MID_LINE -> {
        if (n > 0) {
          int at = lineOfSomeKind(lines, a, b);
          String line = lines.get(at);
          lines.set(at, line.substring(0, Math.floorMod(c, line.length() + 1)));
          lines.subList(at + 1, n).clear();
          return false;
        }
      }
      case DELETE_LINES -> {
        if (n > 0) {
          int at = a % n;
          lines.subList(at, Math.min(n, at + 1 + b % 3)).clear();
        }
      }
      case DUPLICATE_LINES -> {
        if (n > 0) {
          int at = a % n;
          List<String> copy = new ArrayList<>(lines.subList(at, Math.min(n, at + 1 + b % 3)));
          lines.addAll(c % 2 == 0 ? at : c % (n + 1), copy);
        }
      }
      case SWAP_LINES -> {
        if (n > 1) {
          String x = lines.get(a % n);
          lines.set(a % n, lines.get(b % n));
          lines.set(b % n, x);
        }
      }
      case UNKNOWN_LINE ->
          lines.add(a % (n + 1), DamageTexts.ODD_LINES[b % DamageTexts.ODD_LINES.length]);
      case BLANK_LINE -> {
        if (n > 0 && b % 2 == 0) {
          lines.set(a % n, "");
        } else {
          lines.add(a % (n + 1), "");
        }
      }
      default -> throw new AssertionError(kind);
    }
    return true;
  }

  /** The mutations that change characters within lines. */
  private static void editLines(Kind kind, List<String> lines, int a, int b, int c) {
    int n = lines.size();
    switch (kind) {
      case CRLF -> {
        if (n > 0) {
          if (a % 2 == 0) {
            lines.replaceAll(line -> line + "\r");
          } else {
            lines.set(b % n, lines.get(b % n) + "\r");
          }
        }
      }
      case TABS -> {
        if (n > 0) {
          int at = b % n;
          switch (a % 3) {
            case 0 -> lines.set(at, lines.get(at).replace(' ', '\t'));
            case 1 -> lines.replaceAll(line -> line.replace(" ", "\t"));
            default -> {
              String line = lines.get(at);
              int pos = c % (line.length() + 1);
              lines.set(at, line.substring(0, pos) + "\t" + line.substring(pos));
            }
          }
        }
      }
      case HUGE_DESCRIPTION -> {
        int at = lineWith(lines, a, "\"");
        if (at >= 0) {
          String line = lines.get(at);
          int open = line.indexOf('"');
          int close = line.indexOf('"', open + 1);
          int pos = close > open ? close : open + 1;
          String filler = (b % 2 == 0 ? "x" : "a \"quoted\" part # ").repeat(1000 + c % 4000);
          lines.set(at, line.substring(0, pos) + filler + line.substring(pos));
        }
      }
      case QUOTES -> {
        if (n > 0) {
          int at = lineWith(lines, a, "\"");
          at = at < 0 ? a % n : at;
          String line = lines.get(at);
          int pos = c % (line.length() + 1);
          String insert = new String[] {"\"", "#", "\\\"", "\"\"", "# \""}[b % 5];
          lines.set(at, line.substring(0, pos) + insert + line.substring(pos));
        }
      }
      case UNKNOWN_RATE -> {
        if (n > 0) {
          String rate = DamageTexts.RATES[b % DamageTexts.RATES.length];
          int at = lineWith(lines, a, "[0-9]+x[A-Za-z0-9]+");
          if (at >= 0) {
            lines.set(at, RATE.matcher(lines.get(at)).replaceFirst(rate));
          } else {
            lines.set(a % n, lines.get(a % n) + " " + rate);
          }
        }
      }
      case GARBAGE -> {
        if (n > 0) {
          int at = a % n;
          String line = lines.get(at);
          int pos = c % (line.length() + 1);
          lines.set(
              at,
              line.substring(0, pos)
                  + DamageTexts.GARBAGE[b % DamageTexts.GARBAGE.length]
                  + line.substring(pos));
        }
      }
      default -> throw new AssertionError(kind);
    }
  }

  private static void changeDigit(List<String> lines, int a, int b, int c) {
    int at = lineWith(lines, a, "[0-9]");
    if (at >= 0) {
      String line = lines.get(at);
      int[] digits = line.chars().filter(Character::isDigit).toArray();
      int k = b % digits.length;
      int pos = -1;
      for (int i = 0, seen = 0; i < line.length(); i++) {
        if (Character.isDigit(line.charAt(i)) && seen++ == k) {
          pos = i;
          break;
        }
      }
      lines.set(
          at,
          line.substring(0, pos)
              + DamageTexts.REPLACEMENT_CHARS[c % DamageTexts.REPLACEMENT_CHARS.length]
              + line.substring(pos + 1));
    }
  }

  private static void bigNumber(List<String> lines, int a, int b, int c) {
    int at = lineWith(lines, a, "[0-9]");
    if (at >= 0) {
      String line = lines.get(at);
      List<int[]> runs = new ArrayList<>();
      Matcher matcher = DIGIT_RUN.matcher(line);
      while (matcher.find()) {
        runs.add(new int[] {matcher.start(), matcher.end()});
      }
      int[] run = runs.get(b % runs.size());
      lines.set(
          at,
          line.substring(0, run[0])
              + DamageTexts.BIG_NUMBERS[c % DamageTexts.BIG_NUMBERS.length]
              + line.substring(run[1]));
    }
  }

  /** A line of the kind chosen by {@code kindPick}, the {@code linePick}-th of that kind. */
  private static int lineOfSomeKind(List<String> lines, int kindPick, int linePick) {
    Map<String, List<Integer>> byKind = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      byKind.computeIfAbsent(kindOf(lines.get(i)), k -> new ArrayList<>()).add(i);
    }
    List<List<Integer>> kinds = new ArrayList<>(byKind.values());
    List<Integer> ofKind = kinds.get(kindPick % kinds.size());
    return ofKind.get(linePick % ofKind.size());
  }

  /**
   * The kind of a line: its first word without digits ({@code Switch}, {@code [}, {@code 0x},
   * {@code vendid=}, {@code #}, blank, ...).
   */
  public static String kindOf(String line) {
    int start = 0;
    while (start < line.length() && Character.isWhitespace(line.charAt(start))) {
      start++;
    }
    StringBuilder kind = new StringBuilder();
    for (int i = start; i < line.length() && i < start + 12; i++) {
      char ch = line.charAt(i);
      if (Character.isWhitespace(ch) || ch == '"') {
        break;
      }
      if (!Character.isDigit(ch) && !(i > start + 1 && Character.digit(ch, 16) >= 0)) {
        kind.append(ch);
      }
    }
    return kind.toString();
  }

  /** The first line at or after {@code a % n} (wrapping) that contains {@code regex}, or -1. */
  private static int lineWith(List<String> lines, int a, String regex) {
    int n = lines.size();
    if (n == 0) {
      return -1;
    }
    Pattern p = PATTERNS.computeIfAbsent(regex, Pattern::compile);
    int start = a % n;
    for (int k = 0; k < n; k++) {
      int i = (start + k) % n;
      if (p.matcher(lines.get(i)).find()) {
        return i;
      }
    }
    return -1;
  }
}
