/// The kind of quantity an anchor stands for; it makes `leadingAnchor.constraint(equalTo:
/// topAnchor)` a compile-time error, as UIKit's anchor classes do.
public protocol LayoutAnchorKind {}
/// Horizontal positions: leading, trailing, left, right, centerX.
public enum XAxisAnchorKind: LayoutAnchorKind {}
/// Vertical positions: top, bottom, centerY, firstBaseline, lastBaseline.
public enum YAxisAnchorKind: LayoutAnchorKind {}
/// Lengths: width and height.
public enum DimensionAnchorKind: LayoutAnchorKind {}

/// One attribute of a layout item, from which constraints are made (`NSLayoutAnchor`).
/// The constraints an anchor makes are inactive; set `isActive` or call
/// ``LayoutConstraint/activate(_:)``.
public struct LayoutAnchor<Kind: LayoutAnchorKind>: CustomStringConvertible {
    public let item: any LayoutItem
    public let attribute: LayoutAttribute

    init(_ item: any LayoutItem, _ attribute: LayoutAttribute) {
        self.item = item
        self.attribute = attribute
    }

    /// `self == other + constant`.
    public func constraint(equalTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        relate(.equal, to: other, multiplier: 1, constant: constant)
    }

    /// `self >= other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: other, multiplier: 1, constant: constant)
    }

    /// `self <= other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutAnchor<Kind>, constant: Double = 0) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: other, multiplier: 1, constant: constant)
    }

    func relate(_ relation: LayoutRelation, to other: LayoutAnchor<Kind>?, multiplier: Double, constant: Double) -> LayoutConstraint {
        LayoutConstraint(
            item: item, attribute: attribute, relatedBy: relation,
            toItem: other?.item, attribute: other?.attribute, multiplier: multiplier, constant: constant)
    }

    public var description: String { "\(item.layoutItemName).\(attribute)" }
}

public typealias LayoutXAxisAnchor = LayoutAnchor<XAxisAnchorKind>
public typealias LayoutYAxisAnchor = LayoutAnchor<YAxisAnchorKind>
public typealias LayoutDimension = LayoutAnchor<DimensionAnchorKind>

extension LayoutAnchor where Kind == DimensionAnchorKind {
    /// `self == constant`.
    public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
        relate(.equal, to: nil, multiplier: 1, constant: constant)
    }

    /// `self >= constant`.
    public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: nil, multiplier: 1, constant: constant)
    }

    /// `self <= constant`.
    public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: nil, multiplier: 1, constant: constant)
    }

    /// `self == multiplier × other + constant` (proportional sizes).
    public func constraint(equalTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        relate(.equal, to: other, multiplier: multiplier, constant: constant)
    }

    /// `self >= multiplier × other + constant`.
    public func constraint(greaterThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        relate(.greaterThanOrEqual, to: other, multiplier: multiplier, constant: constant)
    }

    /// `self <= multiplier × other + constant`.
    public func constraint(lessThanOrEqualTo other: LayoutDimension, multiplier: Double, constant: Double = 0) -> LayoutConstraint {
        relate(.lessThanOrEqual, to: other, multiplier: multiplier, constant: constant)
    }
}

// Every layout item (views and guides) has the edge, centre and size anchors.
extension LayoutItem {
    public var leadingAnchor: LayoutXAxisAnchor { LayoutAnchor(self, .leading) }
    public var trailingAnchor: LayoutXAxisAnchor { LayoutAnchor(self, .trailing) }
    public var leftAnchor: LayoutXAxisAnchor { LayoutAnchor(self, .left) }
    public var rightAnchor: LayoutXAxisAnchor { LayoutAnchor(self, .right) }
    public var centerXAnchor: LayoutXAxisAnchor { LayoutAnchor(self, .centerX) }
    public var topAnchor: LayoutYAxisAnchor { LayoutAnchor(self, .top) }
    public var bottomAnchor: LayoutYAxisAnchor { LayoutAnchor(self, .bottom) }
    public var centerYAnchor: LayoutYAxisAnchor { LayoutAnchor(self, .centerY) }
    public var widthAnchor: LayoutDimension { LayoutAnchor(self, .width) }
    public var heightAnchor: LayoutDimension { LayoutAnchor(self, .height) }
}

// Baselines belong to views: a guide has no text.
extension View {
    public var firstBaselineAnchor: LayoutYAxisAnchor { LayoutAnchor(self, .firstBaseline) }
    public var lastBaselineAnchor: LayoutYAxisAnchor { LayoutAnchor(self, .lastBaseline) }
}
