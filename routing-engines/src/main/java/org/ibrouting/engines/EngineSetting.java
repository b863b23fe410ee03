package org.ibrouting.engines;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A typed key for one thing an engine reads from its {@link EngineConfig}: a <em>setting</em>,
 * given as a string on the command line ({@code -P lash_start_vl=1}, {@code lash:lash_start_vl=1})
 * in OpenSM's {@code opensm.conf} spirit, or an <em>input</em>, data the caller has read already
 * (the root switches of OpenSM's {@code -a}, a job map; {@link EngineInputs}). A provider declares
 * the keys it reads ({@link EngineProvider#reads()}); callers give values with {@link
 * EngineConfig#with(EngineSetting, Object)} and engines read them with {@link
 * EngineConfig#get(EngineSetting)}, both typed.
 *
 * <p>A setting knows its string form: {@link #parse} turns a {@code -P} value into a {@code T} or
 * throws an {@link EngineSettingException} naming the setting and what was expected ({@code
 * "parameter lash_start_vl=99: expected 0..14"}); its default is what the engine takes when the
 * setting is not given. The registry refuses a setting the engine does not read. An input has no
 * string form and no default: every engine of a chain is handed it, and those that do not read it
 * leave it alone, as OpenSM's engines ignore {@code -a} when they do not use roots.
 *
 * <pre>{@code
 * public static final EngineSetting<Integer> START_VL =
 *     EngineSetting.integer("lash_start_vl", 0, 0, 14, "the first VL LASH assigns");
 * RoutingEngine lash = Engines.create("lash", EngineConfig.none().with(START_VL, 1));
 * }</pre>
 *
 * <p>Immutable; two keys are equal when they are the same object.
 *
 * @param <T> the type of the value
 */
public final class EngineSetting<T> {
  private final String name;
  private final Class<T> type;
  private final T defaultValue;
  private final String expected;
  private final String description;
  private final Function<String, T> parser;
  private final Function<? super T, String> formatter;
  private final Predicate<? super T> accepts;
  private final String range;

  private EngineSetting(
      String name,
      Class<T> type,
      T defaultValue,
      String expected,
      String description,
      Function<String, T> parser,
      Function<? super T, String> formatter,
      Predicate<? super T> accepts,
      String range) {
    this.name = checkName(name);
    this.type = Objects.requireNonNull(type, "type");
    this.defaultValue = defaultValue;
    this.expected = Objects.requireNonNull(expected, "expected");
    this.description = Objects.requireNonNull(description, "description");
    this.parser = parser;
    this.formatter = formatter;
    this.accepts = accepts;
    this.range = range;
  }

  private static String checkName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()
        || !name.equals(name.toLowerCase(Locale.ROOT))
        || name.chars()
            .anyMatch(c -> c == ',' || c == ':' || c == '=' || Character.isWhitespace(c))) {
      throw new IllegalArgumentException(
          "setting name '" + name + "': expected lower case, without white space, ',', ':' or '='");
    }
    return name;
  }

  /**
   * An integer setting in {@code [min, max]}.
   *
   * @param name the {@code -P} name
   * @param defaultValue the value when the setting is not given (it may lie outside {@code [min,
   *     max]} to mean "the engine chooses", as {@code updn_trees}'s 0 does)
   * @param min the least value taken
   * @param max the greatest value taken
   * @param description what the setting does, for help text
   */
  public static EngineSetting<Integer> integer(
      String name, int defaultValue, int min, int max, String description) {
    if (min > max) {
      throw new IllegalArgumentException("setting " + name + ": min " + min + " > max " + max);
    }
    return new EngineSetting<>(
        name,
        Integer.class,
        defaultValue,
        "an integer " + min + ".." + max,
        description,
        EngineSetting::parseInteger,
        String::valueOf,
        v -> v >= min && v <= max,
        min + ".." + max);
  }

  private static Integer parseInteger(String value) {
    try {
      return Integer.valueOf(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * A boolean setting: {@code true/false}, {@code yes/no}, {@code on/off} or {@code 1/0}.
   *
   * @param name the {@code -P} name
   * @param defaultValue the value when the setting is not given
   * @param description what the setting does, for help text
   */
  public static EngineSetting<Boolean> flag(String name, boolean defaultValue, String description) {
    return new EngineSetting<>(
        name,
        Boolean.class,
        defaultValue,
        "true or false",
        description,
        EngineSetting::parseBoolean,
        String::valueOf,
        v -> true,
        null);
  }

  private static Boolean parseBoolean(String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "true", "yes", "1", "on" -> Boolean.TRUE;
      case "false", "no", "0", "off" -> Boolean.FALSE;
      default -> null;
    };
  }

  /**
   * A setting that takes one of the constants of {@code type}, written in lower case ({@code
   * multiupdn_choice=load} for {@code Choice.LOAD}; any case is read).
   *
   * @param name the {@code -P} name
   * @param type the enum
   * @param defaultValue the value when the setting is not given
   * @param description what the setting does, for help text
   * @param <E> the enum
   */
  public static <E extends Enum<E>> EngineSetting<E> choice(
      String name, Class<E> type, E defaultValue, String description) {
    List<String> names = new ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      names.add(constant.name().toLowerCase(Locale.ROOT));
    }
    return new EngineSetting<>(
        name,
        type,
        Objects.requireNonNull(defaultValue, "defaultValue"),
        "one of " + String.join(", ", names),
        description,
        value -> {
          for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
              return constant;
            }
          }
          return null;
        },
        constant -> constant.name().toLowerCase(Locale.ROOT),
        v -> true,
        null);
  }

  /**
   * A setting of a type of your own.
   *
   * @param name the {@code -P} name
   * @param type the type of the value
   * @param defaultValue the value when the setting is not given (null: none)
   * @param expected the form the string must have, for errors ({@code "a port list such as 1,3"})
   * @param description what the setting does, for help text
   * @param parser the value of a {@code -P} string, or null when the string is not of the form
   * @param formatter the {@code -P} string of a value, which {@code parser} reads back
   * @param <T> the type of the value
   */
  public static <T> EngineSetting<T> parameter(
      String name,
      Class<T> type,
      T defaultValue,
      String expected,
      String description,
      Function<String, T> parser,
      Function<? super T, String> formatter) {
    return new EngineSetting<>(
        name,
        type,
        defaultValue,
        expected,
        description,
        Objects.requireNonNull(parser, "parser"),
        Objects.requireNonNull(formatter, "formatter"),
        v -> true,
        null);
  }

  /**
   * An input: data read by the caller (a file's contents), with no string form and no default.
   *
   * @param name the input's name, for help text and errors
   * @param type the type of the value
   * @param description what the input is, for help text
   * @param <T> the type of the value
   */
  public static <T> EngineSetting<T> input(String name, Class<T> type, String description) {
    return new EngineSetting<>(
        name, type, null, "a " + type.getSimpleName(), description, null, null, v -> true, null);
  }

  /** The name: the {@code -P} name of a setting (lower case). */
  public String name() {
    return name;
  }

  /** The type of the value. */
  public Class<T> type() {
    return type;
  }

  /** The value the engine takes when none is given; empty for an input. */
  public Optional<T> defaultValue() {
    return Optional.ofNullable(defaultValue);
  }

  /** What a value must be, e.g. {@code "an integer 0..14"}, {@code "one of keep, paper"}. */
  public String expected() {
    return expected;
  }

  /** What the setting does, for help text. */
  public String description() {
    return description;
  }

  /**
   * Whether this is a setting, given as a {@code -P} string, rather than an {@link #input(String,
   * Class, String) input}.
   */
  public boolean isSetting() {
    return parser != null;
  }

  /**
   * The value of the {@code -P} string {@code value} (surrounding white space ignored).
   *
   * @throws EngineSettingException when {@code value} is not of the form or out of range; it names
   *     the setting and what was expected
   * @throws UnsupportedOperationException for an input, which has no string form
   */
  public T parse(String value) {
    if (parser == null) {
      throw new UnsupportedOperationException(name + " is an input, not a -P setting");
    }
    String trimmed = value.strip();
    T parsed = parser.apply(trimmed);
    if (parsed == null) {
      throw badValue(trimmed, expected);
    }
    if (!accepts.test(parsed)) {
      throw badValue(trimmed, range);
    }
    return parsed;
  }

  /**
   * The {@code -P} string of {@code value}, which {@link #parse} reads back.
   *
   * @throws EngineSettingException when the setting does not take {@code value}
   * @throws UnsupportedOperationException for an input
   */
  public String format(T value) {
    if (formatter == null) {
      throw new UnsupportedOperationException(name + " is an input, not a -P setting");
    }
    String text = formatter.apply(check(value));
    if (!accepts.test(value)) {
      throw badValue(text, range);
    }
    return text;
  }

  /** {@code value}, checked to be of the key's type and not null. */
  T check(Object value) {
    Objects.requireNonNull(value, name);
    if (!type.isInstance(value)) {
      throw new IllegalArgumentException(
          name + ": expected " + expected + ", got a " + value.getClass().getName());
    }
    return type.cast(value);
  }

  private EngineSettingException badValue(String value, String what) {
    return new EngineSettingException(
        "parameter " + name + "=" + value + ": expected " + what, null, name, value, what);
  }

  @Override
  public String toString() {
    return name + (isSetting() ? " (" + expected + ", default " + defaultValue + ")" : " (input)");
  }
}
