import Testing
import Trellis
@testable import TrellisKit

/// A view's `superview`, a constraint's items and host, and a guide's owning view do not own
/// their objects, as in UIKit: a subview does not keep its superview alive, a constraint does
/// not keep its views alive. Apple's documentation: `superview` is "nil if it has none"; a
/// view leaving its superview (or a superview going away, which removes its subviews) has
/// none; `isActive` is true only while the constraint is installed on the items' common
/// ancestor. Each test lets an object go while something that referred to it lives on, then
/// reads the reference: it must read nil (or the object it now refers to), never the object
/// that went away. Debug builds trap on a read of a reference that was not cleared.
@Suite("Non-owning references")
struct NonOwningReferenceTests {
    @Test func subviewsOutliveTheirSuperview() {
        let child = View(), grandchild = View()
        weak var probe: View?
        do {
            let parent = View()
            parent.addSubview(child)
            child.addSubview(grandchild)
            probe = parent
            #expect(child.superview === parent)
        }
        #expect(probe == nil, "a subview must not keep its superview alive")
        #expect(child.superview == nil)
        #expect(grandchild.superview === child)
        #expect(child.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2))
        // The orphan can join another hierarchy.
        let other = View()
        other.addSubview(child)
        #expect(child.superview === other && grandchild.isDescendant(of: other))
    }

    @Test func aRemovedViewDoesNotReferToItsOldSuperview() {
        let child = View()
        do {
            let parent = View()
            parent.addSubview(child)
            child.removeFromSuperview()
            #expect(child.superview == nil)
        }
        #expect(child.superview == nil)
        #expect(!child.isDescendant(of: View()))
    }

    @Test func aCellReusedAcrossSuperviewsFollowsItsCurrentOne() {
        let cell = CollectionViewCell()
        let second = View()
        do {
            let first = View()
            first.addSubview(cell)
            second.addSubview(cell)
            #expect(first.subviews.isEmpty)
        }
        #expect(cell.superview === second)
        #expect(cell.contentView.superview === cell)
        do {
            let third = View()
            third.insertSubview(cell, at: 0)
            #expect(cell.superview === third && second.subviews.isEmpty)
        }
        #expect(cell.superview == nil)
        second.addSubview(cell)
        #expect(cell.superview === second)
    }

    @Test func aConstraintLetsItsItemGo() {
        let width: LayoutConstraint
        weak var probe: View?
        do {
            let view = View()
            probe = view
            width = view.widthAnchor.constraint(equalToConstant: 40)
            #expect(width.firstItem === view)
        }
        #expect(probe == nil, "a constraint must not keep its item alive")
        #expect(width.firstItem == nil && width.secondItem == nil)
        #expect(!width.isActive)
        #expect(width.description.hasPrefix("nil.width"))
    }

    @Test func anActiveConstraintOutlivesItsHostAndItems() {
        let inside: LayoutConstraint, pin: LayoutConstraint
        weak var probe: View?
        do {
            let host = View(), label = View()
            host.addSubview(label)
            probe = host
            inside = label.widthAnchor.constraint(equalToConstant: 40)
            pin = label.leadingAnchor.constraint(equalTo: host.leadingAnchor, constant: 8)
            LayoutConstraint.activate([inside, pin])
            #expect(inside.installedView === label && pin.installedView === host)
        }
        #expect(probe == nil, "installed constraints must not keep their host alive")
        for constraint in [inside, pin] {
            #expect(constraint.installedView == nil && !constraint.isActive)
            #expect(constraint.firstItem == nil && constraint.secondItem == nil)
        }
    }

    @Test func aConstraintToAViewThatLeftTheTreeForgetsItWhenItGoes() {
        let host = View()
        let pin: LayoutConstraint
        do {
            let label = View()
            host.addSubview(label)
            pin = label.topAnchor.constraint(equalTo: host.topAnchor)
            pin.isActive = true
            label.removeFromSuperview()
            #expect(!pin.isActive, "a view leaving the tree takes the constraints crossing into it along")
        }
        #expect(pin.firstItem == nil)
        #expect(pin.secondItem === host)
        #expect(host.constraints.isEmpty)
        host.layoutIfNeeded()
    }

    @Test func guidesOutliveTheirView() {
        let guide = LayoutGuide(identifier: "spacer")
        let margins: LayoutGuide, toGuide: LayoutConstraint
        do {
            let view = View()
            view.addLayoutGuide(guide)
            margins = view.layoutMarginsGuide
            toGuide = guide.widthAnchor.constraint(equalTo: margins.widthAnchor)
            toGuide.isActive = true
            #expect(guide.owningView === view && margins.owningView === view)
        }
        #expect(guide.owningView == nil && margins.owningView == nil)
        #expect(toGuide.firstItem === guide && toGuide.secondItem === margins && !toGuide.isActive)
        // A guide whose view went away can join another view.
        let other = View()
        other.addLayoutGuide(guide)
        #expect(guide.owningView === other)
    }

    @Test func aGuideThatGoesIsForgottenByItsConstraints() {
        let view = View()
        let constraint: LayoutConstraint
        do {
            let guide = LayoutGuide()
            view.addLayoutGuide(guide)
            constraint = guide.leadingAnchor.constraint(equalTo: view.leadingAnchor)
            constraint.isActive = true
            view.removeLayoutGuide(guide)
        }
        #expect(constraint.firstItem == nil && constraint.secondItem === view && !constraint.isActive)
    }

    @Test func constraintsThatGoFirstAreForgottenByTheirItems() {
        let view = View(), other = View()
        view.addSubview(other)
        for round in 0..<3 {
            let made = (0..<10).map { other.widthAnchor.constraint(equalTo: view.widthAnchor, constant: Double($0 + round)) }
            LayoutConstraint.activate(made)
            #expect(view.referringConstraints.count == 10 && other.referringConstraints.count == 10)
            LayoutConstraint.deactivate(made)
        }
        // Every constraint above is gone: neither item may still list one.
        #expect(view.referringConstraints.count == 0 && other.referringConstraints.count == 0)
        let own = view.widthAnchor.constraint(equalTo: view.heightAnchor)
        withExtendedLifetime(own) {
            #expect(view.referringConstraints.count == 1, "a constraint relating a view to itself is listed once")
        }
    }
}
