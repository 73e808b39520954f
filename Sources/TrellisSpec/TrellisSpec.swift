// TrellisSpec
