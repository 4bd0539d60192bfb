// The helpers shared with the command's tests (`Fixtures`, `withTemporaryDirectory`, `writeFiles`,
// `filesBelow`, `readText`) live in the target MapsiteTestSupport; exported here, every file of
// this target sees them without importing it.
@_exported import MapsiteTestSupport
