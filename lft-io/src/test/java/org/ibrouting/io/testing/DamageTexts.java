package org.ibrouting.io.testing;

/** The texts {@link InputMutator} puts into inputs: characters, numbers, rates, lines, garbage. */
final class DamageTexts {
  private DamageTexts() {}

  static final String[] REPLACEMENT_CHARS = {
    "0", "9", "a", "f", "x", "g", "-", "+", " ", "", "12", "\t", "."
  };
  static final String[] BIG_NUMBERS = {
    "0",
    "255",
    "256",
    "254",
    "65535",
    "65536",
    "49151",
    "49152",
    "2147483647",
    "2147483648",
    "4294967296",
    "99999999999999999999",
    "ffffffffffffffff",
    "10000000000000000",
    "1" + "0".repeat(40),
    "-1",
    "00000000000000000000007"
  };
  static final String[] RATES = {
    "4xXDR",
    "8xNDR",
    "2xHDR",
    "12xEDR",
    "8x",
    "2x",
    "1x",
    "4x",
    "x",
    "4xQDR10",
    "4xFDR10",
    "16xHDR",
    "4xNDR",
    "4x?",
    "QDR",
    "4xSDR 4xDDR"
  };
  static final String[] ODD_LINES = {
    "newkey=0x1234",
    "unknownkey=",
    "Switch",
    "Ca\t",
    "Rt 2",
    "Hca 2 \"x\"",
    "Switch 2 \"S-0000000000000001\"",
    "[1]",
    "[1] \"S-0000000000000001\"",
    "[0] \"H-1\"[1]",
    "Unicast lids [0x0-0x1] of switch Lid 1 guid 0x1 :",
    "Unicast lids",
    "Multicast mlids",
    "0x0001 1",
    "0x0001",
    "0xZZ 3",
    "src 0x1",
    "src",
    "vls 99",
    "vls",
    "sl2vl 0",
    "sl2vl 0,1,2",
    "include foo.net",
    "do x",
    "# comment",
    "=",
    "\u0000",
    "vendid=0x",
    "devid=0xffffffffff",
    "sysimgguid=0x12345678901234567",
    "switchguid=0xz",
    "caguid=0x2",
    "0x0002c90200400a10",
    "0x0002c90200400a10 # root",
    "a 1",
    "H-1 job",
    "\"\""
  };
  static final String[] GARBAGE = {
    "\u0000",
    "\uFFFD",
    "\u202E",
    "é",
    "\uD83D\uDE00",
    "x",
    "-",
    "0x",
    "[",
    "]",
    "(",
    ")",
    "\"",
    "#",
    "=",
    " ",
    "\t",
    "\r",
    "\\"
  };
}
