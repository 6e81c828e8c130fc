// Of Combine, `import SwiftUI` brings only `ObservableObject` (and `Published`): other names need
// `import Combine`.
// expect: cannot find 'ObservableObjectPublisher' in scope
import SwiftUI

func publisher() {
  _ = ObservableObjectPublisher()
}
