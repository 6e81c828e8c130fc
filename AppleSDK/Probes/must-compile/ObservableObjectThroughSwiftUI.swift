// `import SwiftUI` brings Combine's `ObservableObject` (and its default `objectWillChange`).
import SwiftUI

final class LegacyModel: ObservableObject {}

func willChange(_ model: LegacyModel) {
  _ = model.objectWillChange
}
