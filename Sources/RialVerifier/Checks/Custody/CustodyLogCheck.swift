/// One rule over the custody log, as read once into ``CustodyLog``. ``CustodyCheck`` composes
/// these: the findings of an event check are filed under the event they name (its `seq`), so
/// each event's verdict and its line in the timeline include them.
protocol CustodyLogCheck {
    /// Every finding; passing ones too where the rule has a pass of its own.
    func run(_ log: CustodyLog, _ context: VerificationContext) -> [CheckResult]
}
