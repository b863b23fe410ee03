package org.ibrouting.engines;

import java.util.Optional;

/**
 * A setting ({@code -P NAME=VALUE}, {@code NAME:SETTING=VALUE} in a spec, {@link
 * EngineConfig#withParam}) that an engine cannot take: no engine of the chain reads it, or its
 * value is not one the engine accepts. Carries the setting's key, its value and what was expected,
 * so that a program can say which input to fix; the message says the same.
 */
public final class EngineSettingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String engine;
  private final String key;
  private final String value;
  private final String expected;

  /**
   * A setting that cannot be taken.
   *
   * @param message the whole message
   * @param engine the engine that refused it, or null when none of a chain reads it (or the setting
   *     was checked before any engine was named)
   * @param key the setting's name
   * @param value its value, or null when it had none (a malformed spec)
   * @param expected what would have been taken, e.g. {@code "an integer 0..14"}, {@code "true or
   *     false"}, {@code "a setting lash reads: lash_start_vl"}
   */
  public EngineSettingException(
      String message, String engine, String key, String value, String expected) {
    super(message);
    this.engine = engine;
    this.key = key;
    this.value = value;
    this.expected = expected;
  }

  /** The engine that refused the setting, if one did (none when no engine of a chain reads it). */
  public Optional<String> engine() {
    return Optional.ofNullable(engine);
  }

  /** The setting's name (lower case, as {@link EngineConfig#params()} keeps it). */
  public String key() {
    return key;
  }

  /** The value given, if any. */
  public Optional<String> value() {
    return Optional.ofNullable(value);
  }

  /** What was expected instead: a range, a list of values, or the settings the engine reads. */
  public String expected() {
    return expected;
  }

  /** This exception with {@code engineName} as the engine, when it named none. */
  EngineSettingException ofEngine(String engineName) {
    if (engine != null) {
      return this;
    }
    EngineSettingException named =
        new EngineSettingException(getMessage(), engineName, key, value, expected);
    named.setStackTrace(getStackTrace());
    return named;
  }
}
