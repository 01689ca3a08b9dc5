/// Told how far a batch has got: `(matches done, matches in this run)`.
///
/// Called from worker threads, one call at a time (never concurrently),
/// after each chunk of matches.
public typealias BatchProgress = @Sendable (_ done: Int, _ total: Int) -> Void
