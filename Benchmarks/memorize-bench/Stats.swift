/// Order statistics for timing samples. Medians and high percentiles, never means: one
/// descheduled frame on a noisy VM must not move the headline figure.
enum Stats {
    /// Nearest-rank percentile (p in 0...100) of `values`; 0 for no samples.
    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    /// The middle sample, or the mean of the two middle ones for an even count (the nearest-rank
    /// percentile would take the lower of them).
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
