// TrellisKit
