/// A cheap, conservative estimate of how many tokens a text costs a model.
///
/// The estimate: one token per 4 ASCII bytes (rounded up), plus one token per non-ASCII
/// Unicode scalar, plus `messageOverhead` per message for the role and framing the chat
/// format adds. Byte-pair tokenizers (cl100k, o200k, Llama's) average about 4 characters
/// per token on English text, and spend one or more tokens on most CJK characters and
/// emoji, so the estimate is close for English and errs high for accented or non-Latin
/// text. It reads no tokenizer tables, so it costs one pass over the UTF-8 bytes. Providers
/// report the real counts afterwards (the usage meter shows those).
public enum TokenEstimate {
  /// Tokens the chat format adds to every message (role and separators).
  public static let messageOverhead = 4

  /// The estimated tokens of `text` alone.
  public static func tokens(in text: String) -> Int {
    var asciiBytes = 0
    var otherScalars = 0
    for byte in text.utf8 {
      if byte < 0x80 {
        asciiBytes += 1
      } else if byte & 0xC0 != 0x80 {
        otherScalars += 1  // A lead byte starts one non-ASCII scalar.
      }
    }
    return (asciiBytes + 3) / 4 + otherScalars
  }

  /// The estimated tokens of one message with `text`, framing included.
  public static func messageTokens(_ text: String) -> Int {
    tokens(in: text) + messageOverhead
  }
}
